/**
 * 巡检类型: the patrol types (日常巡检, 专项巡检, 应急巡检 …) on the left and, for the chosen type, what it inspects
 * on the right: its type objects (a facility type, a name and the check items, one a line). A type that plans use
 * cannot be deleted (the server says so); deleting a type deletes its objects.
 */
import { Card, Col, Row, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type PatrolType,
  type PatrolTypeObject,
  patrolDictApi,
  patrolTypeApi,
  patrolTypeObjectApi,
} from '../../../api/patrol';
import { type CrudColumn, CrudPage, remarkColumn, sortColumn } from '../../../components/crud';
import { facilityColumn } from './facilityColumn';

export default function TypePage() {
  const { t } = useTranslation();
  const [active, setActive] = useState<PatrolType | null>(null);
  const [defaults, setDefaults] = useState<Record<string, string[]>>({});
  useEffect(() => {
    patrolDictApi
      .facilityTypes()
      .then((list) => setDefaults(Object.fromEntries(list.map((f) => [f.code, f.checkItems]))))
      .catch(() => undefined);
  }, []);

  const typeColumns: CrudColumn<PatrolType>[] = useMemo(
    () => [
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
    ],
    [],
  );

  const objectColumns: CrudColumn<PatrolTypeObject>[] = useMemo(
    () => [
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
    ],
    [t],
  );

  return (
    <Row gutter={12} style={{ padding: 12 }} data-testid="patrol-type">
      <Col xs={24} lg={10}>
        <Card size="small" title={t('patrol.type.types')}>
          <CrudPage<PatrolType>
            api={patrolTypeApi}
            columns={typeColumns}
            title="patrol.type.title"
            permission="patrol_type"
            paged={false}
            viewBtn={false}
            selection={false}
            batchDelBtn={false}
            actionWidth={140}
            onRowClick={setActive}
            activeRowKey={active?.id}
            testId="type-list"
          />
        </Card>
      </Col>
      <Col xs={24} lg={14}>
        <Card
          size="small"
          title={active ? t('patrol.type.objectsOf', { name: active.typeName }) : t('patrol.type.objects')}
        >
          {active ? (
            <CrudPage<PatrolTypeObject>
              api={patrolTypeObjectApi}
              columns={objectColumns}
              query={{ typeId: active.id }}
              defaults={{ typeId: active.id }}
              title="patrol.type.objectTitle"
              permission="patrol_type"
              viewBtn={false}
              actionWidth={140}
              beforeSubmit={(v) => ({
                ...v,
                typeId: active.id,
                checkItems: v.checkItems?.trim() ? v.checkItems : (defaults[String(v.facilityType)] ?? []).join('\n'),
              })}
              testId="type-objects"
            />
          ) : (
            <Typography.Text type="secondary" data-testid="type-hint">
              {t('patrol.type.chooseType')}
            </Typography.Text>
          )}
        </Card>
      </Col>
    </Row>
  );
}
