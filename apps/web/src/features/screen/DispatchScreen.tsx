/** 调度大屏: the live process diagram, today's supply against plan and the open dispatch orders. */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { DispatchScreenData } from '../../api/screen';
import { ProcessDiagram } from '../dispatch/ProcessDiagram';
import { Chart } from '../dma/Chart';
import { Panel } from './Panel';
import { supplyOption } from './supplyOption';

export function DispatchScreen({ data }: { data: DispatchScreenData }) {
  const { t } = useTranslation();
  const supply = useMemo(
    () => supplyOption(data.supply, { plan: t('screen.plan'), actual: t('screen.actual') }),
    [data.supply, t],
  );
  return (
    <>
      <Panel title={t('screen.diagram')} style={{ left: 30, top: 100, width: 1860, height: 600 }}>
        <div style={{ height: '100%', overflow: 'hidden' }}>
          <ProcessDiagram diagram={data.diagram} positions={{}} dark />
        </div>
      </Panel>
      <Panel title={t('screen.supplyChart')} style={{ left: 30, top: 715, width: 1100, height: 350 }}>
        <Chart option={supply} height={285} />
      </Panel>
      <Panel title={t('screen.orders')} style={{ left: 1150, top: 715, width: 740, height: 350 }}>
        {data.orders.length === 0 ? (
          <div style={{ fontSize: 18, color: '#8fa8cc' }}>{t('screen.noOrders')}</div>
        ) : (
          data.orders.slice(0, 7).map((o) => (
            <div key={o.id} style={{ fontSize: 17, padding: '5px 0', borderBottom: '1px dashed #1d4f91' }}>
              <span style={{ color: o.state === 'issued' ? '#ffa940' : '#69b1ff', marginRight: 8 }}>
                {t(`dispatch.states.${o.state}`)}
              </span>
              {o.stnm} · {o.code}
            </div>
          ))
        )}
      </Panel>
    </>
  );
}
