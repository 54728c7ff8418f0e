/**
 * 水价标准 (营业收费): the tiered water tariffs of the utility. Search by water category and status; the three fees
 * are amounts (with their Chinese capitals), 综合水价 is their sum as a calculated read-only field with capitals —
 * the server computes and stores the same sum on save, whatever the form sends.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { tariffApi } from '../../api/billing';
import { CrudPage } from '../../components/crud';
import { tariffColumns } from './columns';

export default function TariffPage() {
  const { t } = useTranslation();
  const columns = useMemo(() => tariffColumns(t), [t]);
  return (
    <CrudPage
      api={tariffApi}
      columns={columns}
      title="tariff.title"
      permission="tariff"
      dialogWidth={960}
      labelWidth={150}
    />
  );
}
