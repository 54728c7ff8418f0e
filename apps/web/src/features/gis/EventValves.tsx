/** The valves to close of a burst event in order, with their backups; the closing progress and 关阀登记 per valve. */
import { Progress, Space, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { EventValve } from '../../components/map/gisApi';
import { eventValveColumns } from './eventValveColumns';

export function EventValves({
  valves,
  canClose,
  voided,
  busyGid,
  mark,
}: {
  valves: EventValve[];
  /** 关阀登记 is allowed (and the event is not voided) */
  canClose: boolean;
  voided: boolean;
  busyGid: number | null;
  mark: (v: EventValve, closed: boolean) => Promise<void>;
}) {
  const { t } = useTranslation();
  const toClose = valves.filter((v) => v.role === 'close');
  const done = toClose.filter((v) => v.closed === 1).length;
  const dnoOf = (gid: number | null) => valves.find((v) => v.valveGid === gid && v.role === 'close')?.valveDno ?? gid;
  return (
    <>
      <Space style={{ marginBottom: 8 }}>
        <Progress
          type="line"
          style={{ width: 240 }}
          percent={toClose.length ? Math.round((done / toClose.length) * 100) : 0}
          format={() => t('burstEvent.progress', { done, total: toClose.length })}
        />
      </Space>
      <Table<EventValve>
        size="small"
        rowKey={(v) => `${v.role}.${v.forValveGid ?? ''}.${v.valveGid}`}
        dataSource={valves}
        pagination={false}
        data-testid="event-valves"
        columns={eventValveColumns({ t, dnoOf, canClose, voided, busyGid, mark })}
      />
    </>
  );
}
