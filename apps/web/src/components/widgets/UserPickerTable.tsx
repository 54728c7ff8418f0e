/**
 * The user picker's table: the name search, how many are chosen, and the people page (avatar, name, department,
 * position) with single or multiple choice by row or by its radio/checkbox (people on other pages stay chosen).
 */
import { UserOutlined } from '@ant-design/icons';
import { Avatar, Table, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserHit } from '../../api/system';
import { PickerSearch } from './PickerSearch';
import { USER_PICKER_PAGE_SIZE, type UserPickerPage } from './useUserPickerPage';

export function UserPickerTable({ s, multiple, open }: { s: UserPickerPage; multiple?: boolean; open: boolean }) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const { page, chosen, setChosen } = s;
  // the name typed is cleared when the dialog opens again
  useEffect(() => {
    if (open) setName('');
  }, [open]);
  return (
    <>
      <PickerSearch
        label={t('widget.userPicker.searchName')}
        value={name}
        onChange={setName}
        onSearch={() => s.searchName(name)}
      >
        <Typography.Text type="secondary">{t('widget.userPicker.selected', { n: chosen.length })}</Typography.Text>
      </PickerSearch>
      <Table<UserHit>
        rowKey="id"
        size="small"
        bordered
        loading={s.loading}
        dataSource={page.records}
        rowSelection={{
          type: multiple ? 'checkbox' : 'radio',
          preserveSelectedRowKeys: true,
          selectedRowKeys: chosen.map((u) => u.id),
          onChange: (_keys, rows) => {
            if (!multiple) {
              setChosen(rows.slice(-1));
              return;
            }
            // keep people chosen on other pages
            const onPage = new Set(page.records.map((r) => r.id));
            setChosen((c) => [...c.filter((u) => !onPage.has(u.id)), ...rows.filter(Boolean)]);
          },
        }}
        onRow={(r) => ({
          onClick: () =>
            setChosen((c) =>
              multiple ? (c.some((u) => u.id === r.id) ? c.filter((u) => u.id !== r.id) : [...c, r]) : [r],
            ),
        })}
        pagination={{
          current: s.current,
          pageSize: USER_PICKER_PAGE_SIZE,
          total: page.total,
          showSizeChanger: false,
          size: 'small',
          onChange: s.setCurrent,
        }}
        columns={[
          {
            title: t('widget.userPicker.avatar'),
            dataIndex: 'avatar',
            width: 70,
            align: 'center',
            render: (v: string) => <Avatar size="small" src={v || undefined} icon={<UserOutlined />} />,
          },
          { title: t('widget.userPicker.name'), dataIndex: 'realName' },
          { title: t('widget.userPicker.dept'), dataIndex: 'deptName' },
          { title: t('widget.userPicker.post'), dataIndex: 'postName' },
        ]}
      />
    </>
  );
}
