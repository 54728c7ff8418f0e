/** The objects of 批量授权: three multiple selects, roles, positions and users. */
import { Col, Form, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { permissionApi as A } from '../../api/permission';
import { TreeSelectField } from '../../components/widgets';
import { toOptions } from './logic';
import type { BatchGrantState } from './useBatchGrant';

export function BatchObjectPickers({ bg }: { bg: BatchGrantState }) {
  const { t } = useTranslation();
  return (
    <Form layout="vertical">
      <Row gutter={16}>
        <Col span={8}>
          <Form.Item label={t('perm.auth.roles')} htmlFor="batch-roles">
            <TreeSelectField
              id="batch-roles"
              multiple
              value={bg.roleIds}
              onChange={(v: string[]) => bg.setRoleIds(v)}
              load={async () => toOptions((await A.role.selector())?.list)}
            />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item label={t('perm.auth.positions')} htmlFor="batch-positions">
            <TreeSelectField
              id="batch-positions"
              multiple
              value={bg.positionIds}
              onChange={(v: string[]) => bg.setPositionIds(v)}
              load={async () => toOptions((await A.position.selector())?.list, (n) => n.type === 'position')}
            />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item label={t('perm.auth.users')} htmlFor="batch-users">
            <TreeSelectField
              id="batch-users"
              multiple
              value={bg.userIds}
              onChange={(v: string[]) => bg.setUserIds(v)}
              load={async () => toOptions((await A.users.selector())?.list, (n) => n.type === 'user')}
            />
          </Form.Item>
        </Col>
      </Row>
    </Form>
  );
}
