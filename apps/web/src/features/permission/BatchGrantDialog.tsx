/**
 * 批量授权 (`POST Authority/Data/Batch`): several roles, positions and users × the chosen items of each type; the
 * items are added, existing grants stay. The candidates are the tenant's catalogue — the same for every object —
 * as `Authority/Data/{id}/Values` answers it for the first role (or position, or user) there is.
 */
import { Alert, App, Col, Form, Modal, Row, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type AuthorityValues,
  type Grants,
  ITEM_TYPES,
  type ItemType,
  type ObjectType,
  permissionApi,
} from '../../api/permission';
import { TreeSelectField } from '../../components/widgets';
import { GrantEditor } from './GrantEditor';
import { grantIds, nonEmptyGrants, toOptions } from './logic';

const A = permissionApi;

/** The catalogue of grantable items, through the first object of the tenant. */
async function loadCatalogue(): Promise<AuthorityValues | null> {
  const sources: [ObjectType, () => Promise<{ list: { id?: unknown }[] } | null>][] = [
    ['Role', () => A.role.list({ currentPage: 1, pageSize: 1 })],
    ['Position', () => A.position.list({ currentPage: 1, pageSize: 1 })],
    ['User', () => A.users.list({ currentPage: 1, pageSize: 1 })],
  ];
  for (const [type, list] of sources) {
    const first = (await list())?.list?.[0];
    if (first) return A.authority.values(String(first.id), type);
  }
  return null;
}

export interface BatchGrantDialogProps {
  open: boolean;
  onClose(): void;
  /** after a grant: the ids of every object that received it */
  onDone(objectIds: string[]): void;
}

export function BatchGrantDialog({ open, onClose, onDone }: BatchGrantDialogProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [roleIds, setRoleIds] = useState<string[]>([]);
  const [positionIds, setPositionIds] = useState<string[]>([]);
  const [userIds, setUserIds] = useState<string[]>([]);
  const [catalogue, setCatalogue] = useState<AuthorityValues | null>(null);
  const [items, setItems] = useState<Record<ItemType, string[]>>({
    module: [],
    button: [],
    column: [],
    form: [],
    resource: [],
  });
  const [loading, setLoading] = useState(false);
  const [saving, setSaving] = useState(false);

  const reset = () => {
    setRoleIds([]);
    setPositionIds([]);
    setUserIds([]);
    setItems({ module: [], button: [], column: [], form: [], resource: [] });
  };

  const start = async () => {
    reset();
    setLoading(true);
    try {
      setCatalogue(await loadCatalogue());
    } catch {
      setCatalogue(null);
    } finally {
      setLoading(false);
    }
  };

  const submit = async () => {
    const objects = [...roleIds, ...positionIds, ...userIds];
    if (!objects.length) {
      message.warning(t('perm.auth.chooseObjects'));
      return;
    }
    const chosen: Grants = {};
    for (const type of ITEM_TYPES) chosen[type] = grantIds(type, items[type], catalogue?.[type]?.all ?? []);
    const grants = nonEmptyGrants(chosen);
    if (!Object.keys(grants).length) {
      message.warning(t('perm.auth.chooseItems'));
      return;
    }
    setSaving(true);
    try {
      await A.authority.batch({ roleIds, positionIds, userIds, ...grants });
      message.success(t('crud.operationSuccess'));
      onClose();
      onDone(objects);
    } catch {
      // the HTTP client has shown the server's reason
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('perm.auth.batch')}
      width={960}
      maskClosable={false}
      destroyOnHidden
      afterOpenChange={(o) => o && void start()}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('crud.ok')}
      cancelText={t('crud.cancel')}
      confirmLoading={saving}
    >
      <div data-testid="batch-grant">
        <Alert type="info" showIcon title={t('perm.auth.batchTip')} style={{ marginBottom: 16 }} />
        <Form layout="vertical">
          <Row gutter={16}>
            <Col span={8}>
              <Form.Item label={t('perm.auth.roles')} htmlFor="batch-roles">
                <TreeSelectField
                  id="batch-roles"
                  multiple
                  value={roleIds}
                  onChange={(v: string[]) => setRoleIds(v)}
                  load={async () => toOptions((await A.role.selector())?.list)}
                />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item label={t('perm.auth.positions')} htmlFor="batch-positions">
                <TreeSelectField
                  id="batch-positions"
                  multiple
                  value={positionIds}
                  onChange={(v: string[]) => setPositionIds(v)}
                  load={async () => toOptions((await A.position.selector())?.list, (n) => n.type === 'position')}
                />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item label={t('perm.auth.users')} htmlFor="batch-users">
                <TreeSelectField
                  id="batch-users"
                  multiple
                  value={userIds}
                  onChange={(v: string[]) => setUserIds(v)}
                  load={async () => toOptions((await A.users.selector())?.list, (n) => n.type === 'user')}
                />
              </Form.Item>
            </Col>
          </Row>
        </Form>
        <Tabs
          items={ITEM_TYPES.map((type) => ({
            key: type,
            label: t(`perm.auth.${type}`),
            forceRender: true,
            children: (
              <GrantEditor
                type={type}
                candidates={catalogue?.[type]?.list}
                value={items[type]}
                loading={loading}
                height={320}
                onChange={(ids) => setItems((s) => ({ ...s, [type]: ids }))}
              />
            ),
          }))}
        />
      </div>
    </Modal>
  );
}
