/**
 * 功能预览 (`/previewModel/index?id=`): a designed module's form as it will run, at desktop or phone width, with
 * its rules checked (nothing is saved).
 */
import type { LcModule } from '@swp/contract';
import { App, Button, Card, Result, Segmented, Space, Spin } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { visualDevApi } from '../../../api/lowcode';
import { checkedValues, FormRender, type FormRenderHandle, normaliseConf } from '../../../components/form-render';
import { PHONE_WIDTH } from '../designer/DesignerPreview';

export default function PreviewPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [params] = useSearchParams();
  const id = params.get('id');
  const [module, setModule] = useState<LcModule | null>(null);
  const [failed, setFailed] = useState(false);
  const [width, setWidth] = useState<'pc' | 'phone'>('pc');
  const ref = useRef<FormRenderHandle>(null);
  useEffect(() => {
    setModule(null);
    setFailed(false);
    if (!id) return;
    visualDevApi
      .info(id)
      .then(setModule)
      .catch(() => setFailed(true));
  }, [id]);
  const conf = useMemo(() => normaliseConf(module?.formData ?? ''), [module]);
  if (!id || failed) return <Result status="404" title={t('lowcode.dynamic.noModule')} />;
  if (!module) return <Spin style={{ display: 'block', margin: 48 }} />;
  return (
    <Card
      title={module.fullName}
      data-testid="preview-page"
      extra={
        <Space>
          <Segmented
            value={width}
            onChange={(v) => setWidth(v as 'pc' | 'phone')}
            options={[
              { value: 'pc', label: t('lowcode.designer.desktop') },
              { value: 'phone', label: t('lowcode.designer.phone') },
            ]}
          />
          <Button
            type="primary"
            onClick={async () => {
              if (ref.current && (await checkedValues(ref.current, message.error)))
                message.success(t('lowcode.preview.valid'));
            }}
          >
            {t('lowcode.preview.check')}
          </Button>
        </Space>
      }
    >
      <div
        style={{ width: width === 'phone' ? PHONE_WIDTH : '100%', margin: width === 'phone' ? '0 auto' : undefined }}
      >
        <FormRender key={width} conf={conf} compact={width === 'phone'} handleRef={ref} />
      </div>
    </Card>
  );
}
