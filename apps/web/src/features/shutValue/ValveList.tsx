/** The crew's valve list in closing order, each backup under the valve it stands in for; empty when none. */
import { Empty, List } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CrewListValve } from './useShutValue';
import { ValveItem, type ValveItemProps } from './ValveItem';

export function ValveList({ valves, ...item }: { valves: CrewListValve[] } & Omit<ValveItemProps, 'valve'>) {
  const { t } = useTranslation();
  if (valves.length === 0) return <Empty description={t('shutValue.empty')} />;
  return (
    <List
      bordered
      dataSource={valves}
      data-testid="shut-value-list"
      rowKey={(v) => `${v.role}-${v.valveGid}-${v.forValveGid ?? ''}`}
      renderItem={(v) => <ValveItem valve={v} {...item} />}
    />
  );
}
