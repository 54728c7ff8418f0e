/**
 * The columns of 巡检计划 (list, search and the add/edit form), with the form's own controls: the job-object
 * select, the route or area drawn on the map from the chosen objects, and the staff of the chosen team.
 */
import { Form, type FormInstance, Select } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type JobObject, type Plan, patrolTypeApi } from '../../../api/patrol';
import { type CrudColumn, remarkColumn } from '../../../components/crud';
import { DeptTreeSelect } from '../../../components/widgets';
import { AuditTag, PERIODS, SCOPES, StaffSelect, vocab } from '../common';
import { GeometryField } from './GeometryField';

/** The plan's columns; the objects are every job object, for the object select and the map. */
export function planColumns(t: (k: string) => string, allObjects: JobObject[]): CrudColumn<Plan>[] {
  return [
    { prop: 'planCode', label: 'patrol.plan.planCode', display: false, width: 150 },
    {
      prop: 'planName',
      label: 'patrol.plan.planName',
      search: true,
      required: 'patrol.plan.planNameRequired',
      span: 12,
    },
    {
      prop: 'typeId',
      label: 'patrol.plan.type',
      type: 'select',
      search: true,
      required: 'patrol.plan.typeRequired',
      options: async () => (await patrolTypeApi.list()).map((x) => ({ value: x.id, label: x.typeName })),
      render: (_v, r) => r.typeName,
    },
    {
      prop: 'scopeType',
      label: 'patrol.plan.scopeType',
      type: 'radio',
      search: true,
      searchType: 'select',
      defaultValue: 'route',
      required: 'patrol.plan.scopeRequired',
      options: vocab(t, 'scope', SCOPES),
      width: 80,
    },
    {
      prop: 'period',
      label: 'patrol.plan.period',
      type: 'select',
      search: true,
      defaultValue: 'daily',
      required: 'patrol.plan.periodRequired',
      options: vocab(t, 'period', PERIODS),
      width: 80,
    },
    {
      prop: 'startDate',
      label: 'patrol.plan.startDate',
      type: 'date',
      format: 'YYYY-MM-DD',
      required: 'patrol.plan.startRequired',
      width: 110,
    },
    {
      prop: 'endDate',
      label: 'patrol.plan.endDate',
      type: 'date',
      format: 'YYYY-MM-DD',
      required: 'patrol.plan.endRequired',
      width: 110,
      rules: [
        ({ getFieldValue }) => ({
          validator: async (_r, v) => {
            const start = getFieldValue('startDate');
            if (v && start && v.isBefore(start, 'day')) throw new Error(t('patrol.plan.dateOrder'));
          },
        }),
      ],
    },
    {
      prop: 'deptId',
      label: 'patrol.plan.dept',
      search: true,
      required: 'patrol.plan.deptRequired',
      component: () => <DeptTreeSelect placeholder={t('patrol.plan.chooseDept')} />,
      searchComponent: () => <DeptTreeSelect allowClear placeholder={t('patrol.plan.chooseDept')} />,
      render: (_v, r) => r.deptName,
      span: 12,
    },
    {
      prop: 'userIds',
      label: 'patrol.plan.users',
      multiple: true,
      joined: true,
      // the people of the chosen team (巡检班组)
      component: (ctx) => <TeamStaffSelect form={ctx.form} disabled={ctx.disabled} />,
      render: (_v, r) => r.userNames,
      span: 12,
    },
    {
      prop: 'objectIds',
      label: 'patrol.plan.objects',
      multiple: true,
      joined: true,
      required: 'patrol.plan.objectsRequired',
      component: (ctx) => <ObjectSelect objects={allObjects} disabled={ctx.disabled} />,
      render: (_v, r) => r.objectCount,
      width: 70,
    },
    {
      prop: 'geometry',
      label: 'patrol.plan.geometry',
      hide: true,
      rules: [
        ({ getFieldValue }) => ({
          validator: async (_r, v) => {
            const n = Array.isArray(v) ? v.length : 0;
            const scope = getFieldValue('scopeType');
            if (!n) throw new Error(t('patrol.plan.geometryRequired'));
            if (scope === 'route' && n < 2) throw new Error(t('patrol.plan.routePoints'));
            if (scope === 'area' && n < 3) throw new Error(t('patrol.plan.areaPoints'));
          },
        }),
      ],
      component: (ctx) => <PlanGeometry form={ctx.form} objects={allObjects} disabled={ctx.disabled} />,
    },
    {
      prop: 'checkItems',
      label: 'patrol.plan.checkItems',
      type: 'textarea',
      rows: 4,
      hide: true,
      tip: 'patrol.plan.checkItemsTip',
    },
    {
      prop: 'auditStatus',
      label: 'patrol.plan.auditStatus',
      type: 'select',
      numeric: true,
      display: false,
      search: true,
      options: vocab(t, 'auditStatus', [0, 1, 2, 3]),
      render: (v) => <AuditTag status={v} />,
      width: 90,
    },
    { prop: 'auditOpinion', label: 'patrol.plan.auditOpinion', display: false, ellipsis: true, width: 120 },
    remarkColumn('patrol.common.remark', { rows: 2, hide: true }),
  ];
}

/** A multi-select of job objects (code and name, searchable). */
function ObjectSelect({
  value,
  onChange,
  objects,
  id,
  disabled,
}: {
  value?: string[];
  onChange?: (v: string[]) => void;
  objects: JobObject[];
  id?: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Select
      id={id}
      mode="multiple"
      showSearch
      allowClear
      disabled={disabled}
      optionFilterProp="label"
      maxTagCount="responsive"
      placeholder={t('patrol.plan.chooseObjects')}
      value={value ?? []}
      onChange={onChange}
      options={objects.map((o) => ({
        value: o.id,
        label: `${o.objectCode} ${o.objectName}`,
      }))}
      data-testid="object-select"
    />
  );
}

/** The geometry control reads the scope and the chosen objects from the form. */
function PlanGeometry({
  form,
  objects,
  disabled,
  value,
  onChange,
}: {
  form: any;
  objects: JobObject[];
  disabled?: boolean;
  value?: [number, number][];
  onChange?: (v: [number, number][]) => void;
}) {
  const scope = Form.useWatch('scopeType', form) ?? 'route';
  const ids: string[] = Form.useWatch('objectIds', form) ?? [];
  const chosen = useMemo(() => {
    const by = new Map(objects.map((o) => [o.id, o]));
    return ids.map((id) => by.get(String(id))).filter((o): o is JobObject => !!o);
  }, [ids, objects]);
  return <GeometryField value={value} onChange={onChange} scope={scope} objects={chosen} disabled={disabled} />;
}

/** 巡检人员 follows 巡检班组: the staff picker lists the chosen team's people. */
function TeamStaffSelect({
  form,
  ...p
}: {
  form: FormInstance;
  disabled?: boolean;
  value?: string | string[];
  onChange?: (v: unknown) => void;
  id?: string;
}) {
  const deptId = Form.useWatch('deptId', form) as string | undefined;
  return <StaffSelect {...p} multiple deptId={deptId ? String(deptId) : undefined} />;
}
