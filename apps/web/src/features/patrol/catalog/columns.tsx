/**
 * The columns of the patrol catalog screens: 作业对象 (list, search and the dialog, with its 地图选点 button that
 * writes the picked point into the form) and 巡检类型 (the types and a type's objects).
 */
import { EnvironmentOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { JobObject, PatrolType, PatrolTypeObject } from '../../../api/patrol';
import { type CrudColumn, type FieldContext, remarkColumn, sortColumn } from '../../../components/crud';
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

/** 作业对象 */
export const jobObjectColumns = (t: TFunction): CrudColumn<JobObject>[] => [
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
];

/** 巡检类型: the types (left) */
export const patrolTypeColumns: CrudColumn<PatrolType>[] = [
  {
    prop: 'typeCode',
    label: 'patrol.type.typeCode',
    required: 'patrol.type.codeRequired',
    rules: [{ pattern: /^[A-Za-z0-9_-]{1,32}$/, message: 'patrol.type.codePattern' }],
    width: 100,
  },
  { prop: 'typeName', label: 'patrol.type.typeName', required: 'patrol.type.nameRequired' },
  sortColumn('patrol.common.sort', { defaultValue: 1, width: 60 }),
  remarkColumn('patrol.common.remark', { rows: 2, ellipsis: true }),
];

/** 巡检类型: the chosen type's objects (right) */
export const typeObjectColumns = (t: TFunction): CrudColumn<PatrolTypeObject>[] => [
  facilityColumn(t, 100),
  { prop: 'objectName', label: 'patrol.type.objectName', required: 'patrol.type.objectNameRequired', width: 120 },
  {
    prop: 'checkItems',
    label: 'patrol.plan.checkItems',
    type: 'textarea',
    rows: 5,
    tip: 'patrol.plan.checkItemsTip',
    render: (v: string) => (v ?? '').split('\n').filter(Boolean).join('；'),
    ellipsis: true,
  },
  sortColumn('patrol.common.sort', { defaultValue: 1, width: 60 }),
  remarkColumn('patrol.common.remark', { rows: 2, hide: true }),
];
