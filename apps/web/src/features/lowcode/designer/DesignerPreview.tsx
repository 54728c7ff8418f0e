/** The designer's preview dialog: the form as it renders, at desktop or phone width. */
import type { LcFormConf } from '@swp/contract';
import { Modal, Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormRender } from '../../../components/form-render';

export const PHONE_WIDTH = 375;

export type PreviewWidth = false | 'pc' | 'phone';

export function DesignerPreview({
  conf,
  preview,
  setPreview,
}: {
  conf: LcFormConf;
  preview: PreviewWidth;
  setPreview(p: PreviewWidth): void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open={!!preview}
      title={t('lowcode.designer.preview')}
      width={preview === 'phone' ? PHONE_WIDTH + 48 : 1000}
      onCancel={() => setPreview(false)}
      footer={null}
      destroyOnHidden
    >
      <Segmented
        value={preview || 'pc'}
        onChange={(v) => setPreview(v as 'pc' | 'phone')}
        options={[
          { value: 'pc', label: t('lowcode.designer.desktop') },
          { value: 'phone', label: t('lowcode.designer.phone') },
        ]}
        style={{ marginBottom: 12 }}
      />
      <div data-testid={`preview-${preview}`} style={{ width: preview === 'phone' ? PHONE_WIDTH : '100%' }}>
        <FormRender conf={conf} compact={preview === 'phone'} />
      </div>
    </Modal>
  );
}
