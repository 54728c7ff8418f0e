/**
 * Error-log dialog (spec 1 §2.5, §4, §8): columns type, url, message, time; each row expands to its stack.
 * Upload asks 确定上传本地日志到服务器? (title 提示), posts the entries, reports 发送成功! and clears the list;
 * clear asks 确定清空本地日志记录? and reports 清空成功!. The top-bar badge caps at 99.
 */
import { BugOutlined } from '@ant-design/icons';
import { App, Badge, Button, Modal, Space, Table, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadErrorLogs } from '../api/auth';
import { badgeText } from '../lib/badge';
import { type ErrorLogEntry, useErrorLog } from '../stores/errorLog';

export function ErrorLogButton() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const [open, setOpen] = useState(false);
  const list = useErrorLog((s) => s.list);

  function upload() {
    modal.confirm({
      title: t('common.confirmTitle'),
      content: t('logs.uploadTip'),
      onOk: async () => {
        await uploadErrorLogs(useErrorLog.getState().list);
        useErrorLog.getState().clear();
        void message.success(t('logs.uploadDone'));
      },
    });
  }

  function clear() {
    modal.confirm({
      title: t('common.confirmTitle'),
      content: t('logs.clearTip'),
      onOk: () => {
        useErrorLog.getState().clear();
        void message.success(t('logs.clearDone'));
      },
    });
  }

  const tip = list.length ? `${list.length} ${t('navbar.bugs')}` : t('navbar.bug');
  return (
    <>
      <Tooltip title={tip} placement="bottom">
        <Badge count={badgeText(list.length)} size="small" offset={[-4, 4]}>
          <Button
            type="text"
            icon={<BugOutlined />}
            onClick={() => setOpen(true)}
            aria-label={t('logs.title')}
            data-testid="error-log-button"
          />
        </Badge>
      </Tooltip>
      <Modal
        title={t('logs.title')}
        open={open}
        onCancel={() => setOpen(false)}
        width={1000}
        footer={
          <Space>
            <Button type="primary" onClick={upload} disabled={!list.length}>
              {t('logs.upload')}
            </Button>
            <Button danger onClick={clear} disabled={!list.length}>
              {t('logs.clear')}
            </Button>
          </Space>
        }
      >
        <Table<ErrorLogEntry & { key: number }>
          size="small"
          dataSource={list.map((e, i) => ({ ...e, key: i }))}
          pagination={{ pageSize: 10, hideOnSinglePage: true }}
          locale={{ emptyText: t('logs.empty') }}
          expandable={{
            rowExpandable: (r) => !!(r.stack || r.info),
            expandedRowRender: (r) => (
              <pre className="swp-log-stack">
                {r.stack}
                {r.info ? `\n${r.info}` : ''}
              </pre>
            ),
          }}
          columns={[
            {
              title: t('logs.type'),
              dataIndex: 'type',
              width: 80,
              render: (v: string) => <Tag color={v === 'error' ? 'red' : 'orange'}>{v}</Tag>,
            },
            { title: t('logs.url'), dataIndex: 'url', width: 260, ellipsis: true },
            { title: t('logs.message'), dataIndex: 'message', ellipsis: true },
            { title: t('logs.time'), dataIndex: 'time', width: 170 },
          ]}
        />
      </Modal>
    </>
  );
}
