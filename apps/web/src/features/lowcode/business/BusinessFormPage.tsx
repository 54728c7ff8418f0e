/**
 * 业务表单 (`/api/blade-business/business-form`): forms by category, bound to a data model, designed with the
 * form designer and previewed with the renderer. The workflow's process forms pick from `business-form/listAll`.
 */
import { EyeOutlined, FormOutlined } from '@ant-design/icons';
import { Modal } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../../api/crud';
import { businessFormApi } from '../../../api/lowcode';
import { type CrudHandle, CrudPage, RowButton, saveOrUpdate } from '../../../components/crud';
import { FormRender, normaliseConf } from '../../../components/form-render';
import { BusinessFormDesignDialog, type Design } from './BusinessFormDesignDialog';
import { businessFormColumns } from './columns';

export const businessForms = saveOrUpdate(businessFormApi);

export default function BusinessFormPage() {
  const { t } = useTranslation();
  const handle = useRef<CrudHandle | null>(null);
  const [design, setDesign] = useState<Design | null>(null);
  const [preview, setPreview] = useState<Row | null>(null);
  return (
    <>
      <CrudPage
        api={businessForms}
        columns={businessFormColumns}
        title="lowcode.biz.form"
        permission="business_form"
        handleRef={handle}
        testId="business-form-page"
        beforeSubmit={(v, _mode, row) => ({ ...v, formData: row?.formData ?? { fields: [] } })}
        rowActions={(row) => (
          <>
            <RowButton
              icon={<FormOutlined />}
              onClick={async () => {
                const full = (await businessFormApi.detail(String(row.id))) ?? row;
                setDesign({ row: full, conf: normaliseConf(full.formData ?? { fields: [] }) });
              }}
            >
              {t('lowcode.module.design')}
            </RowButton>
            <RowButton icon={<EyeOutlined />} onClick={() => setPreview(row)}>
              {t('lowcode.module.preview')}
            </RowButton>
          </>
        )}
      />
      <BusinessFormDesignDialog
        design={design}
        onChange={(conf) => setDesign((d) => (d ? { ...d, conf } : d))}
        onClose={() => setDesign(null)}
        onSaved={() => handle.current?.reload()}
      />
      <Modal
        open={!!preview}
        title={preview?.formName}
        width={900}
        footer={null}
        onCancel={() => setPreview(null)}
        destroyOnHidden
      >
        {preview && <FormRender conf={preview.formData} />}
      </Modal>
    </>
  );
}
