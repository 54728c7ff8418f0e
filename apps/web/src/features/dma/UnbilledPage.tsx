/** 免费用水登记: declared unbilled authorised uses (flushing, fire fighting, own use) per zone and day. */
import { type Unbilled, unbilledApi } from '../../api/dma';
import { CrudPage } from '../../components/crud';
import { unbilledColumns } from './columns';

export default function UnbilledPage() {
  return (
    <CrudPage<Unbilled>
      api={unbilledApi}
      columns={unbilledColumns}
      title="dma.unbilledTitle"
      permission="dma_unbilled"
      viewBtn={false}
      testId="dma-unbilled"
    />
  );
}
