/**
 * 报警列表: alarms by type (tabs with the open counts; the burst tab reads `tube-explosion`), filtered by keyword,
 * level, state, device type, device code and time range; open ones first. 关闭 one or 批量关闭 with a reason;
 * 查看 the detail with its evidence; 导出 the filtered list as xlsx; 派单抢修 a burst alarm (DispatchDialog).
 */
import { Badge, Button, Tabs } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ALARM_TYPES, type Alarm, type AlarmCounts, type AlarmType, alarmApi } from '../../api/alarm';
import type { CrudApi, Query } from '../../api/crud';
import { type CrudHandle, CrudPage, RowButton } from '../../components/crud';
import { READ_ONLY_LIST } from '../../components/crud/readOnly';
import { saveBlob } from '../../lib/download';
import { usePermission } from '../../stores/session';
import { AlarmDrawer } from './AlarmDrawer';
import { CloseAlarmModal, useCloseAlarms } from './CloseAlarmModal';
import { alarmColumns } from './columns';
import { DispatchDialog } from './DispatchDialog';

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

/** The list of a tab (the burst tab reads the burst list of the spec) and 导出 of its current filters. */
function useAlarmList(tab: Tab) {
  const [exporting, setExporting] = useState(false);
  const lastQuery = useRef<Query>({});
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

  return { api, doExport, exporting };
}

/** The type tabs, each with its count of open alarms. */
function AlarmTabs({ tab, onTab, counts }: { tab: Tab; onTab(tab: Tab): void; counts: AlarmCounts | null }) {
  const { t } = useTranslation();
  const tabLabel = (k: Tab) => (
    <span>
      {k === 'all' ? t('alarm.all') : t(`alarm.types.${k}`)}
      {counts && counts[k] > 0 && (
        <Badge count={counts[k]} size="small" offset={[6, -2]} title={t('alarm.openCount', { n: counts[k] })} />
      )}
    </span>
  );
  return (
    <Tabs
      activeKey={tab}
      onChange={(k) => onTab(k as Tab)}
      items={(['all', ...ALARM_TYPES] as Tab[]).map((k) => ({ key: k, label: tabLabel(k) }))}
    />
  );
}

/** A row's 查看, 派单抢修 (an open burst alarm) and 关闭 (an open alarm). */
function AlarmRowActions(p: {
  r: Alarm;
  canView: boolean;
  canDispatch: boolean;
  canClose: boolean;
  onView(id: string): void;
  onDispatch(r: Alarm): void;
  onClose(r: Alarm): void;
}) {
  const { t } = useTranslation();
  const { r } = p;
  return (
    <>
      {p.canView && (
        <RowButton onClick={() => p.onView(r.id)} data-testid={`alarm-view-${r.id}`}>
          {t('alarm.view')}
        </RowButton>
      )}
      {p.canDispatch && r.alarmType === 'burst' && r.alarmStatus === 0 && (
        <RowButton onClick={() => p.onDispatch(r)} data-testid={`alarm-dispatch-${r.id}`}>
          {t('alarm.dispatch')}
        </RowButton>
      )}
      {p.canClose && r.alarmStatus === 0 && (
        <RowButton danger onClick={() => p.onClose(r)} data-testid={`alarm-close-${r.id}`}>
          {t('alarm.close')}
        </RowButton>
      )}
    </>
  );
}

export default function AlarmPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('all');
  const [counts, setCounts] = useState<AlarmCounts | null>(null);
  const [viewing, setViewing] = useState<string | null>(null);
  const [version, setVersion] = useState(0);
  const handle = useRef<CrudHandle<Alarm> | null>(null);
  const { api, doExport, exporting } = useAlarmList(tab);
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
  const close = useCloseAlarms(() => {
    handle.current?.clearSelection();
    handle.current?.reload();
    loadCounts();
    setVersion((v) => v + 1);
  });
  const { askClose } = close;

  return (
    <div data-testid="alarm-page">
      <AlarmTabs tab={tab} onTab={setTab} counts={counts} />
      <CrudPage<Alarm>
        key={tab}
        api={api}
        columns={alarmColumns}
        title="alarm.title"
        permission="alarm_info"
        query={tab === 'all' || tab === 'burst' ? undefined : { alarmType: tab }}
        {...READ_ONLY_LIST}
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
          <AlarmRowActions
            r={r}
            canView={canView}
            canDispatch={canDispatch}
            canClose={canClose}
            onView={setViewing}
            onDispatch={setDispatching}
            onClose={(a) => askClose([a])}
          />
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
      <CloseAlarmModal close={close} />
    </div>
  );
}
