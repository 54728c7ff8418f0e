/**
 * 管材糙率: the utility's roughness table (Hazen-Williams C by material and age) the model builder reads for pipes
 * drawn without EPANET data; an edit makes the next run build a new model (modules/hydraulic/materials.ts).
 */
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { materialApi, type PipeMaterial } from '../../api/hydraulic';
import { CrudPage } from '../../components/crud';
import { materialColumns } from './columns';

export default function MaterialPage() {
  const { t } = useTranslation();
  return (
    <CrudPage<PipeMaterial>
      api={materialApi}
      columns={materialColumns}
      paged={false}
      title="hydraulic.material.title"
      permission="hydraulic_material"
      viewBtn={false}
      header={<Alert type="info" showIcon title={t('hydraulic.material.intro')} style={{ marginBottom: 12 }} />}
      testId="hydraulic-material"
    />
  );
}
