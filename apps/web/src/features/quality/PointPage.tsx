/** 水质点位: where water is sampled or measured (plant outlet or network), optionally an online station. */
import { pointApi, type QualityPoint } from '../../api/quality';
import { CrudPage } from '../../components/crud';
import { pointColumns } from './columns';

export default function PointPage() {
  return (
    <CrudPage<QualityPoint>
      api={pointApi}
      columns={pointColumns}
      paged={false}
      title="quality.pointTitle"
      permission="quality_point"
      viewBtn={false}
      testId="quality-point"
    />
  );
}
