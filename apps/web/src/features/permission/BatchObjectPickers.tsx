/** The objects of 批量授权: three multiple selects, roles, positions and users. */
import { Col, Form, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { permissionApi as A } from '../../api/permission';
import { TreeSelectField } from '../../components/widgets';
import type { TreeOption } from '../../components/widgets/treeUtils';
import { toOptions } from './logic';
import type { BatchGrantState } from './useBatchGrant';

/** A third of the row: the multiple tree select of one kind of object, loaded when it mounts. */
function ObjectColumn({
  id,
  label,
  value,
  onChange,
  load,
}: {
  id: string;
  label: string;
  value: string[];
  onChange: (ids: string[]) => void;
  load: () => Promise<TreeOption[]>;
}) {
  return (
    <Col span={8}>
      <Form.Item label={label} htmlFor={id}>
        <TreeSelectField id={id} multiple value={value} onChange={(v: string[]) => onChange(v)} load={load} />
      </Form.Item>
    </Col>
  );
}

export function BatchObjectPickers({ bg }: { bg: BatchGrantState }) {
  const { t } = useTranslation();
  return (
    <Form layout="vertical">
      <Row gutter={16}>
        <ObjectColumn
          id="batch-roles"
          label={t('perm.auth.roles')}
          value={bg.roleIds}
          onChange={bg.setRoleIds}
          load={async () => toOptions((await A.role.selector())?.list)}
        />
        <ObjectColumn
          id="batch-positions"
          label={t('perm.auth.positions')}
          value={bg.positionIds}
          onChange={bg.setPositionIds}
          load={async () => toOptions((await A.position.selector())?.list, (n) => n.type === 'position')}
        />
        <ObjectColumn
          id="batch-users"
          label={t('perm.auth.users')}
          value={bg.userIds}
          onChange={bg.setUserIds}
          load={async () => toOptions((await A.users.selector())?.list, (n) => n.type === 'user')}
        />
      </Row>
    </Form>
  );
}
