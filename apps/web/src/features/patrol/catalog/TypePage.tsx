/**
 * 巡检类型: the patrol types (日常巡检, 专项巡检, 应急巡检 …) on the left and, for the chosen type, what it inspects
 * on the right: its type objects (a facility type, a name and the check items, one a line). A type that plans use
 * cannot be deleted (the server says so); deleting a type deletes its objects.
 */
import { Card, Col, Row, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type PatrolType,
  type PatrolTypeObject,
  patrolDictApi,
  patrolTypeApi,
  patrolTypeObjectApi,
} from '../../../api/patrol';
import { CrudPage } from '../../../components/crud';
import { patrolTypeColumns, typeObjectColumns } from './columns';

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

  return (
    <Row gutter={12} style={{ padding: 12 }} data-testid="patrol-type">
      <Col xs={24} lg={10}>
        <Card size="small" title={t('patrol.type.types')}>
          <CrudPage<PatrolType>
            api={patrolTypeApi}
            columns={patrolTypeColumns}
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
              columns={typeObjectColumns}
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
