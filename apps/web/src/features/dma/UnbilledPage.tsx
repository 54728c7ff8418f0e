/** 免费用水登记: declared unbilled authorised uses (flushing, fire fighting, own use) per zone and day. */
import { useMemo } from 'react';
import { type Unbilled, unbilledApi } from '../../api/dma';
import { CrudPage } from '../../components/crud';
import { unbilledColumns } from './columns';

export default function UnbilledPage() {
  const columns = useMemo(() => unbilledColumns(), []);
  return (
    <CrudPage<Unbilled>
      api={unbilledApi}
      columns={columns}
      title="dma.unbilledTitle"
      permission="dma_unbilled"
      viewBtn={false}
      testId="dma-unbilled"
    />
  );
}
