/**
 * 水价标准 (营业收费): the tiered water tariffs of the utility. Search by water category and status; the three fees
 * are amounts (with their Chinese capitals), 综合水价 is their sum as a calculated read-only field with capitals —
 * the server computes and stores the same sum on save, whatever the form sends.
 */
import { tariffApi } from '../../api/billing';
import { CrudPage } from '../../components/crud';
import { tariffColumns } from './columns';

export default function TariffPage() {
  return (
    <CrudPage
      api={tariffApi}
      columns={tariffColumns}
      title="tariff.title"
      permission="tariff"
      dialogWidth={960}
      labelWidth={150}
    />
  );
}
