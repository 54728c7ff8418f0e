/**
 * 报警列表: alarms by type (tabs with the open counts; the burst tab reads `tube-explosion`), filtered by keyword,
 * level, state, device type, device code and time range; open ones first. 关闭 one or 批量关闭 with a reason;
 * 查看 the detail with its evidence; 导出 the filtered list as xlsx; 派单抢修 a burst alarm (DispatchDialog).
 */
import { App, Badge, Button, Form, Input, Modal, Tabs, Tag, Typography } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ALARM_TYPES, type Alarm, type AlarmCounts, type AlarmType, alarmApi } from '../../api/alarm';
import type { CrudApi, Query } from '../../api/crud';
import { DEVICE_TYPES } from '../../api/device';
import { type CrudColumn, type CrudHandle, CrudPage } from '../../components/crud';
import { saveBlob } from '../../lib/download';
import { usePermission } from '../../stores/session';
import { AlarmDrawer, LEVEL_COLOR } from './AlarmDrawer';
import { DispatchDialog } from './DispatchDialog';
import { limitText } from './limitRule';

type Tab = 'all' | AlarmType;
const PAGING = new Set(['current', 'size']);

/** The filters of a list query, without paging (the export takes the same ones). */
export function exportQuery(q: Query, tab: Tab): Query {
  const out: Query = {};
  for (const [k, v] of Object.entries(q)) if (!PAGING.has(k)) out[k] = v;
  if (tab === 'burst') {
    delete out.alarmType;
    out.burst = 'true';
  }
  return out;
}

export default function AlarmPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [tab, setTab] = useState<Tab>('all');
  const [counts, setCounts] = useState<AlarmCounts | null>(null);
  const [viewing, setViewing] = useState<string | null>(null);
  const [version, setVersion] = useState(0);
  const [closing, setClosing] = useState<Alarm[] | null>(null);
  const [batch, setBatch] = useState(false);
  const [saving, setSaving] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [form] = Form.useForm<{ closeReason: string }>();
  const handle = useRef<CrudHandle<Alarm> | null>(null);
  const lastQuery = useRef<Query>({});
  const canView = usePermission('alarm_info_view');
  const canClose = usePermission('alarm_info_close');
  const canExport = usePermission('alarm_info_export');
  const canDispatch = usePermission('alarm_info_dispatch');
  const [dispatching, setDispatching] = useState<Alarm | null>(null);

  const loadCounts = useCallback(() => {
    void alarmApi
      .counts()
      .then(setCounts)
      .catch(() => undefined);
  }, []);
  useEffect(loadCounts, [loadCounts]);

  // the burst tab reads the burst list of the spec; the others the whole list, by type
  const api = useMemo<CrudApi<Alarm>>(
    () => ({
      key: `${alarmApi.key}/${tab}`,
      page: (q) => {
        lastQuery.current = q;
        return tab === 'burst' ? alarmApi.tubeExplosion(q) : alarmApi.page(q);
      },
      detail: (id) => alarmApi.detail(id),
      submit: async () => null,
      remove: async () => null,
    }),
    [tab],
  );

  const columns = useMemo<CrudColumn<Alarm>[]>(
    () => [
      {
        prop: 'keyword',
        label: 'alarm.keyword',
        placeholder: 'alarm.keywordTip',
        search: true,
        hide: true,
        display: false,
      },
      {
        prop: 'alarmLevel',
        label: 'alarm.alarmLevel',
        type: 'select',
        numeric: true,
        search: true,
        width: 80,
        options: [3, 2, 1].map((v) => ({ value: v, label: `alarm.levels.${v}` })),
        render: (v: number) => <Tag color={LEVEL_COLOR[v]}>{t(`alarm.levels.${v}`)}</Tag>,
      },
      {
        prop: 'alarmType',
        label: 'alarm.alarmType',
        width: 100,
        render: (v: string) => t(`alarm.types.${v}`, v),
      },
      { prop: 'title', label: 'alarm.alarmTitle', ellipsis: true },
      {
        prop: 'deviceCode',
        label: 'alarm.deviceCode',
        search: true,
        width: 150,
        render: (_v, r) => (r.deviceCode ? `${r.deviceName ?? ''}（${r.deviceCode}）` : (r.dmaName ?? '—')),
      },
      {
        prop: 'deviceType',
        label: 'alarm.deviceType',
        type: 'select',
        search: true,
        hide: true,
        options: DEVICE_TYPES.map((v) => ({ value: v, label: `alarm.deviceTypes.${v}` })),
      },
      {
        prop: 'alarmValue',
        label: 'alarm.value',
        width: 200,
        // the limit says which way it works (上限 ≥, 下限 ≤, a baseline)
        render: (_v, r) =>
          r.alarmValue === null ? (
            '—'
          ) : (
            <span data-testid="alarm-value">
              {`${r.alarmValue}${r.unit ? ` ${r.unit}` : ''}`}
              {r.limitValue !== null && (
                <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                  {limitText(t, r)}
                </Typography.Text>
              )}
            </span>
          ),
      },
      {
        prop: 'alarmTime',
        label: 'alarm.alarmTime',
        type: 'datetime',
        searchType: 'daterange',
        search: true,
        width: 165,
      },
      { prop: 'lastTime', label: 'alarm.lastTime', width: 165 },
      { prop: 'occurrences', label: 'alarm.occurrences', width: 60 },
      {
        prop: 'alarmStatus',
        label: 'alarm.alarmStatus',
        type: 'select',
        numeric: true,
        search: true,
        width: 80,
        options: [0, 1].map((v) => ({ value: v, label: `alarm.statuses.${v}` })),
        render: (v: number) => (
          <Tag color={v === 0 ? 'red' : 'green'} data-testid="alarm-status">
            {t(`alarm.statuses.${v}`)}
          </Tag>
        ),
      },
      { prop: 'closeUserName', label: 'alarm.closeUser', width: 90 },
      { prop: 'closeReason', label: 'alarm.closeReason', ellipsis: true },
    ],
    [t],
  );

  const askClose = (rows: Alarm[], many = false) => {
    if (!rows.length) {
      message.warning(t('alarm.selectOne'));
      return;
    }
    const open = rows.filter((r) => r.alarmStatus === 0);
    if (!open.length) {
      message.warning(t('alarm.noneOpen'));
      return;
    }
    form.resetFields();
    setBatch(many);
    setClosing(open);
  };

  const doClose = async () => {
    if (!closing) return;
    let reason: string;
    try {
      reason = (await form.validateFields()).closeReason.trim();
    } catch {
      return;
    }
    setSaving(true);
    try {
      if (!batch) {
        await alarmApi.closeAlarm(closing[0].id, reason);
        message.success(t('alarm.closed'));
      } else {
        const r = await alarmApi.closeAlarms(
          closing.map((a) => a.id),
          reason,
        );
        message.success(t('alarm.closedMany', { n: r.closed }));
      }
      setClosing(null);
      handle.current?.clearSelection();
      handle.current?.reload();
      loadCounts();
      setVersion((v) => v + 1);
    } catch {
      // the HTTP client has shown the server's message
    } finally {
      setSaving(false);
    }
  };

  const doExport = async () => {
    setExporting(true);
    try {
      const { blob, fileName } = await alarmApi.exportXlsx(exportQuery(lastQuery.current, tab));
      saveBlob(blob, fileName);
    } catch {
      // shown by the HTTP client
    } finally {
      setExporting(false);
    }
  };

  const tabLabel = (k: Tab) => (
    <span>
      {k === 'all' ? t('alarm.all') : t(`alarm.types.${k}`)}
      {counts && counts[k] > 0 && (
        <Badge count={counts[k]} size="small" offset={[6, -2]} title={t('alarm.openCount', { n: counts[k] })} />
      )}
    </span>
  );

  return (
    <div data-testid="alarm-page">
      <Tabs
        activeKey={tab}
        onChange={(k) => setTab(k as Tab)}
        items={(['all', ...ALARM_TYPES] as Tab[]).map((k) => ({ key: k, label: tabLabel(k) }))}
      />
      <CrudPage<Alarm>
        key={tab}
        api={api}
        columns={columns}
        title="alarm.title"
        permission="alarm_info"
        query={tab === 'all' || tab === 'burst' ? undefined : { alarmType: tab }}
        addBtn={false}
        editBtn={false}
        viewBtn={false}
        delBtn={false}
        batchDelBtn={false}
        handleRef={handle}
        actionWidth={canDispatch ? 220 : 150}
        toolbar={(h) => (
          <>
            {canClose && (
              <Button danger onClick={() => askClose(h.selected, true)} data-testid="alarm-batch-close">
                {t('alarm.batchClose')}
              </Button>
            )}
            {canExport && (
              <Button onClick={doExport} loading={exporting} data-testid="alarm-export">
                {t('alarm.export')}
              </Button>
            )}
          </>
        )}
        rowActions={(r) => (
          <>
            {canView && (
              <Button type="link" size="small" onClick={() => setViewing(r.id)} data-testid={`alarm-view-${r.id}`}>
                {t('alarm.view')}
              </Button>
            )}
            {canDispatch && r.alarmType === 'burst' && r.alarmStatus === 0 && (
              <Button type="link" size="small" onClick={() => setDispatching(r)} data-testid={`alarm-dispatch-${r.id}`}>
                {t('alarm.dispatch')}
              </Button>
            )}
            {canClose && r.alarmStatus === 0 && (
              <Button type="link" size="small" danger onClick={() => askClose([r])} data-testid={`alarm-close-${r.id}`}>
                {t('alarm.close')}
              </Button>
            )}
          </>
        )}
      />
      <DispatchDialog
        alarm={dispatching}
        onClose={() => setDispatching(null)}
        onDone={() => {
          setDispatching(null);
          handle.current?.reload();
        }}
      />
      <AlarmDrawer
        alarmId={viewing}
        canClose={canClose}
        version={version}
        onClose={() => setViewing(null)}
        onCloseAlarm={(a) => askClose([a])}
      />
      <Modal
        open={!!closing}
        title={batch ? t('alarm.batchCloseTitle', { n: closing?.length ?? 0 }) : t('alarm.closeTitle')}
        onCancel={() => setClosing(null)}
        onOk={doClose}
        confirmLoading={saving}
        okButtonProps={{ danger: true, 'data-testid': 'alarm-close-ok' } as never}
        forceRender
        // above the detail drawer it may be opened from
        zIndex={1100}
      >
        {closing && !batch && <p>{closing[0].title}</p>}
        <Form form={form} layout="vertical">
          <Form.Item
            name="closeReason"
            label={t('alarm.closeReason')}
            rules={[{ required: true, whitespace: true, message: t('alarm.reasonRequired') }, { max: 500 }]}
          >
            <Input.TextArea
              rows={4}
              maxLength={500}
              showCount
              placeholder={t('alarm.reasonPh')}
              data-testid="alarm-reason"
            />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}
