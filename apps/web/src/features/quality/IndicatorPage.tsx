/** 指标限值: the GB 5749-2022 indicators and their limits per point kind, editable per utility. */
import { type Indicator, indicatorApi } from '../../api/quality';
import { CrudPage } from '../../components/crud';
import { indicatorColumns } from './columns';

export default function IndicatorPage() {
  return (
    <CrudPage<Indicator>
      api={indicatorApi}
      columns={indicatorColumns}
      paged={false}
      title="quality.indicatorTitle"
      permission="quality_indicator"
      viewBtn={false}
      testId="quality-indicator"
    />
  );
}
