/**
 * 作业对象: what patrol inspects on the network (pipes, valves, hydrants, meters, pump stations, construction
 * sites), each with a position picked on the map (EPSG:4548 and longitude / latitude), an address, a team and the
 * GIS feature it stands for. Search by code or name, facility type and team.
 */
import { type JobObject, jobObjectApi } from '../../../api/patrol';
import { CrudPage } from '../../../components/crud';
import { jobObjectColumns } from './columns';

export default function JobObjectPage() {
  return (
    <div data-testid="patrol-job-object">
      <CrudPage<JobObject>
        api={jobObjectApi}
        columns={jobObjectColumns}
        title="patrol.jobObject.title"
        permission="patrol_job_object"
        dialogWidth={900}
        beforeSubmit={({ position: _p, keyword: _k, ...v }) => v}
      />
    </div>
  );
}
