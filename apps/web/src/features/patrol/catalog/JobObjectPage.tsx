/**
 * 作业对象: what patrol inspects on the network (pipes, valves, hydrants, meters, pump stations, construction
 * sites), each with a position picked on the map (EPSG:4548 and longitude / latitude), an address, a team and the
 * GIS feature it stands for. Search by code or name, facility type and team.
 */
import { EnvironmentOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type JobObject, jobObjectApi } from '../../../api/patrol';
import { type CrudColumn, CrudPage, type FieldContext } from '../../../components/crud';
import { MapCoordinateDialog } from '../../../components/map';
import { DeptTreeSelect } from '../../../components/widgets';
import { facilityColumn } from './facilityColumn';

/** A button that opens the map and writes the picked point into the form (x, y, lon, lat, address). */
function PickOnMap({ ctx }: { ctx: FieldContext<JobObject> }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const f = ctx.form;
  const current = () => {
    const x = Number(f.getFieldValue('x'));
    const y = Number(f.getFieldValue('y'));
    if (!x || !y) return null;
    return {
      x,
      y,
      longitude: Number(f.getFieldValue('lon')),
      latitude: Number(f.getFieldValue('lat')),
      address: String(f.getFieldValue('address') ?? ''),
    };
  };
  return (
    <>
      <Button
        icon={<EnvironmentOutlined />}
        disabled={ctx.disabled}
        onClick={() => setOpen(true)}
        data-testid="object-pick"
      >
        {t('patrol.jobObject.pick')}
      </Button>
      {open && (
        <MapCoordinateDialog
          open
          value={current()}
          onCancel={() => setOpen(false)}
          onOk={(a) => {
            f.setFieldsValue({
              x: a.x,
              y: a.y,
              lon: Math.round(a.longitude * 1e6) / 1e6,
              lat: Math.round(a.latitude * 1e6) / 1e6,
              ...(f.getFieldValue('address') ? {} : { address: a.address }),
            });
            setOpen(false);
          }}
        />
      )}
    </>
  );
}

export default function JobObjectPage() {
  const { t } = useTranslation();
  const columns: CrudColumn<JobObject>[] = useMemo(
    () => [
      { prop: 'keyword', label: 'patrol.jobObject.keyword', search: true, display: false, hide: true },
      {
        prop: 'objectCode',
        label: 'patrol.jobObject.objectCode',
        required: 'patrol.jobObject.codeRequired',
        width: 110,
      },
      {
        prop: 'objectName',
        label: 'patrol.jobObject.objectName',
        required: 'patrol.jobObject.nameRequired',
        width: 220,
      },
      facilityColumn(t, 90),
      {
        prop: 'deptId',
        label: 'patrol.jobObject.dept',
        search: true,
        component: () => <DeptTreeSelect allowClear placeholder={t('patrol.plan.chooseDept')} />,
        searchComponent: () => <DeptTreeSelect allowClear placeholder={t('patrol.plan.chooseDept')} />,
        render: (_v, r) => r.deptName,
        span: 12,
        width: 120,
      },
      { prop: 'address', label: 'patrol.jobObject.address', ellipsis: true, span: 24 },
      {
        prop: 'position',
        label: 'patrol.jobObject.position',
        hide: true,
        viewDisplay: false,
        span: 24,
        component: (ctx) => <PickOnMap ctx={ctx} />,
      },
      {
        prop: 'x',
        label: 'patrol.jobObject.x',
        type: 'number',
        precision: 2,
        hide: true,
        rules: [{ required: true, message: 'patrol.jobObject.positionRequired' }],
      },
      {
        prop: 'y',
        label: 'patrol.jobObject.y',
        type: 'number',
        precision: 2,
        hide: true,
        rules: [{ required: true, message: 'patrol.jobObject.positionRequired' }],
      },
      {
        prop: 'lon',
        label: 'patrol.jobObject.lon',
        type: 'number',
        precision: 6,
        render: (v) => (v ? Number(v).toFixed(6) : ''),
        width: 110,
      },
      {
        prop: 'lat',
        label: 'patrol.jobObject.lat',
        type: 'number',
        precision: 6,
        render: (v) => (v ? Number(v).toFixed(6) : ''),
        width: 110,
      },
      { prop: 'gisLayer', label: 'patrol.jobObject.gisLayer', hide: true },
      { prop: 'gisId', label: 'patrol.jobObject.gisId', hide: true },
    ],
    [t],
  );
  return (
    <div data-testid="patrol-job-object">
      <CrudPage<JobObject>
        api={jobObjectApi}
        columns={columns}
        title="patrol.jobObject.title"
        permission="patrol_job_object"
        dialogWidth={900}
        beforeSubmit={({ position: _p, keyword: _k, ...v }) => v}
      />
    </div>
  );
}
