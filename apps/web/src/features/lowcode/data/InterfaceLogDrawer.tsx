/** 日志: the calls of an interface, newest first (`DataInterfaceLog/{id}`): who, when, how long, how many rows, why it failed. */
import { ReloadOutlined } from '@ant-design/icons';
import { Button, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../../api/crud';
import { dataInterfaceApi } from '../../../api/lowcode';
import { CrudPagination, emptyLocale } from '../../../components/crud';
import { RowDrawer } from '../../../components/RowDrawer';
import { useLoad } from '../../../lib/useLoad';
import { pageIn } from './rows';

export function InterfaceLogDrawer({ row, onClose }: { row: Row | null; onClose(): void }) {
  const { t } = useTranslation();
  return (
    <RowDrawer row={row} title={(r) => t('lowcode.di.logOf', { name: r.fullName })} size={1000} onClose={onClose}>
      {(r) => <LogList id={String(r.id)} />}
    </RowDrawer>
  );
}

function LogList({ id }: { id: string }) {
  const { t } = useTranslation();
  const [page, setPage] = useState({ current: 1, size: 10 });
  const { data, loading, reload } = useLoad(
    async () => pageIn(await dataInterfaceApi.log(id, { currentPage: page.current, pageSize: page.size })),
    `${id}/${page.current}/${page.size}`,
  );
  return (
    <div data-testid="di-log">
      <Button icon={<ReloadOutlined />} onClick={reload} style={{ marginBottom: 12 }}>
        {t('lowcode.di.refresh')}
      </Button>
      <Table<Row>
        size="small"
        bordered
        rowKey="id"
        loading={loading}
        dataSource={data?.rows ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={emptyLocale(t('crud.empty'))}
        columns={[
          { title: t('lowcode.di.invokTime'), dataIndex: 'invokTime', width: 170 },
          { title: t('lowcode.di.user'), dataIndex: 'userName' },
          { title: t('lowcode.di.ip'), dataIndex: 'invokIp' },
          { title: t('lowcode.di.duration'), dataIndex: 'invokWasteTime', align: 'right' },
          {
            title: t('lowcode.di.result'),
            dataIndex: 'success',
            render: (v) =>
              v ? (
                <Tag color="success">{t('lowcode.di.success')}</Tag>
              ) : (
                <Tag color="error">{t('lowcode.di.failed')}</Tag>
              ),
          },
          { title: t('lowcode.di.rowCount'), dataIndex: 'rowCount', align: 'right' },
          { title: t('lowcode.di.message'), dataIndex: 'message', ellipsis: true },
        ]}
      />
      <div style={{ marginTop: 12, display: 'flex', justifyContent: 'flex-end' }}>
        <CrudPagination
          variant="default"
          current={page.current}
          size={page.size}
          total={data?.total ?? 0}
          onChange={(current, size) => setPage({ current, size })}
        />
      </div>
    </div>
  );
}
