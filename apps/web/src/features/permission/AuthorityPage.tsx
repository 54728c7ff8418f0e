/**
 * 组织权限 (`/api/permission/Authority`, spec 2 §6 "data authority … managed per object: values, update, batch"):
 * choose the kind of object (角色 Role / 岗位 Position / 用户 User) and one object from a searchable, paged list
 * (`Role`, `Position`, `Users`); on the right a tab per item type — 菜单 module, 按钮 button, 列表 column, 表单 form,
 * 数据 resource — filled from `Authority/Data/{id}/Values`; 保存 writes the item types that changed
 * (`PUT Authority/Data/{id}`); 批量授权 adds items to several objects (`Authority/Data/Batch`); roles and positions
 * have a 成员 tab (`UserRelation/{id}`).
 */
import { SafetyOutlined } from '@ant-design/icons';
import { Button, Card, Col, Row, Segmented, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ObjectType } from '../../api/permission';
import { AuthorityGrantsCard } from './AuthorityGrantsCard';
import { AuthorityObjectList } from './AuthorityObjectList';
import { BatchGrantDialog } from './BatchGrantDialog';
import { useAuthority } from './useAuthority';

const OBJECT_TYPES: ObjectType[] = ['Role', 'Position', 'User'];

export default function AuthorityPage() {
  const { t } = useTranslation();
  const au = useAuthority();
  const { picked } = au;
  const [batchOpen, setBatchOpen] = useState(false);

  return (
    <div data-testid="authority-page">
      <Space style={{ marginBottom: 12 }}>
        <Button icon={<SafetyOutlined />} onClick={() => setBatchOpen(true)}>
          {t('perm.auth.batch')}
        </Button>
      </Space>
      <Row gutter={16}>
        <Col xs={24} lg={9} xl={8}>
          <Card size="small" title={t('perm.auth.objectType')}>
            <Segmented<ObjectType>
              block
              value={au.type}
              style={{ marginBottom: 12 }}
              options={OBJECT_TYPES.map((o) => ({ value: o, label: t(`perm.auth.${o}`) }))}
              onChange={au.changeType}
            />
            <AuthorityObjectList key={au.type} type={au.type} picked={picked?.id} onPick={au.pick} />
          </Card>
        </Col>
        <Col xs={24} lg={15} xl={16}>
          <AuthorityGrantsCard au={au} />
        </Col>
      </Row>
      <BatchGrantDialog
        open={batchOpen}
        onClose={() => setBatchOpen(false)}
        onDone={(ids) => {
          if (picked && ids.includes(picked.id)) void au.load(picked);
        }}
      />
    </div>
  );
}
