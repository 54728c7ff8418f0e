/**
 * The right card of 组织权限: the picked object's grants, a tab per item type (and 成员 for roles and positions),
 * with reset (reload) and save while a grant tab is open.
 */
import { ReloadOutlined, SaveOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Space, Spin, Tabs, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { ITEM_TYPES } from '../../api/permission';
import { GrantEditor } from './GrantEditor';
import { MembersPanel } from './MembersPanel';
import type { AuthorityState } from './useAuthority';

export function AuthorityGrantsCard({ au }: { au: AuthorityState }) {
  const { t } = useTranslation();
  const { picked, values, loading, tab } = au;

  const tabs = [
    ...ITEM_TYPES.map((it) => ({
      key: it,
      label: t(`perm.auth.${it}`),
      children: (
        <GrantEditor
          type={it}
          candidates={values?.[it]?.list}
          value={au.draft[it]}
          loading={loading}
          onChange={(ids) => au.editDraft(it, ids)}
        />
      ),
    })),
    ...(picked && picked.type !== 'User'
      ? [
          {
            key: 'members',
            label: t('perm.auth.members'),
            children: <MembersPanel key={picked.id} objectId={picked.id} objectType={picked.type} />,
          },
        ]
      : []),
  ];

  return (
    <Card
      size="small"
      data-testid="authority-grants"
      title={
        picked ? (
          <Space>
            <Tag color="blue">{t(`perm.auth.${picked.type}`)}</Tag>
            <span data-testid="authority-object">{picked.name}</span>
          </Space>
        ) : (
          t('perm.auth.title')
        )
      }
      extra={
        picked &&
        tab !== 'members' && (
          <Space>
            <Button icon={<ReloadOutlined />} disabled={loading} onClick={() => void au.load(picked)}>
              {t('perm.auth.reset')}
            </Button>
            <Button
              type="primary"
              icon={<SaveOutlined />}
              loading={au.saving}
              disabled={loading || !values}
              onClick={() => void au.save()}
            >
              {t('perm.auth.save')}
            </Button>
          </Space>
        )
      }
    >
      {picked ? (
        <Spin spinning={loading && !values}>
          <Tabs activeKey={tab} onChange={au.setTab} items={tabs} />
        </Spin>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('perm.auth.chooseObject')} />
      )}
    </Card>
  );
}
