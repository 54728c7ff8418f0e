/**
 * `/list-operate/shutValue?token=` (spec 2 §2, public): what a repair crew opens from the dispatcher's link without
 * signing in. One burst event: where it is, the valves to close in order on a small map and as a list, each marked
 * closed as the crew works. Progress from other crew members shows on refresh and every 30 seconds. Each valve
 * says its road and nearest address, its coordinates and a `geo:` link that opens the phone's navigation. A voided
 * event says so and takes no marks.
 */
import { ReloadOutlined } from '@ant-design/icons';
import { Button, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { AppFeedback } from '../../components/AppFeedback';
import { EventCard, type EventStatus } from './EventCard';
import { InvalidLink, LoadingEvent } from './LinkStates';
import { PAGE_STYLE } from './pageStyle';
import { useShutValue } from './useShutValue';
import { ValveList } from './ValveList';
import { ValveMap } from './ValveMap';

function ShutValuePage() {
  const { t } = useTranslation();
  const { token, view, error, busy, selected, setSelected, load, refresh, mark, valves, progress } = useShutValue();

  if (error) return <InvalidLink error={error} canRetry={!!token} onRetry={() => void load()} />;
  if (!view) return <LoadingEvent />;

  const ev = view.event;
  const status = Number(ev.eventStatus) as EventStatus;
  return (
    <main style={PAGE_STYLE} data-testid="shut-value-page">
      <Space direction="vertical" size={12} style={{ width: '100%' }}>
        <Space style={{ width: '100%', justifyContent: 'space-between' }} align="center">
          <Typography.Title level={4} style={{ margin: 0 }}>
            {t('shutValue.title')} · {ev.code}
          </Typography.Title>
          <Button icon={<ReloadOutlined />} onClick={refresh}>
            {t('shutValue.refresh')}
          </Button>
        </Space>
        <EventCard event={ev} status={status} progress={progress} />
        <ValveMap
          burst={{ x: ev.x, y: ev.y }}
          valves={valves}
          selected={selected}
          onSelect={setSelected}
          label={t('shutValue.map')}
        />
        <Typography.Text type="secondary">{t('shutValue.order')}</Typography.Text>
        <ValveList
          valves={valves}
          voided={status === 3}
          busy={busy}
          selected={selected}
          onSelect={setSelected}
          onMark={mark}
        />
      </Space>
    </main>
  );
}

/** The page with antd's feedback bound, so the client's error toasts show here too (no shell around it). */
export default function ShutValueRoute() {
  return (
    <AppFeedback>
      <ShutValuePage />
    </AppFeedback>
  );
}
