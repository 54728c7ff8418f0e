/** The map's legend: junction pressure and the chosen link measure, from the same stops the map paints with. */
import { Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { FLOW_STOPS, PRESSURE_STOPS, VELOCITY_STOPS } from './colours';
import type { LinkMeasure } from './HydraulicMap';

function Scale({ title, stops }: { title: string; stops: [number, string][] }) {
  return (
    <Space size={4} wrap>
      <Typography.Text type="secondary">{title}</Typography.Text>
      {stops.map(([at, colour]) => (
        <span key={at} style={{ display: 'inline-flex', alignItems: 'center', gap: 2 }}>
          <span style={{ width: 14, height: 10, background: colour, display: 'inline-block' }} />≥{at}
        </span>
      ))}
    </Space>
  );
}

export function Legend({ measure }: { measure: LinkMeasure }) {
  const { t } = useTranslation();
  return (
    <Space direction="vertical" size={2} data-testid="hydraulic-legend">
      <Scale title={t('hydraulic.legendPressure')} stops={PRESSURE_STOPS} />
      <Scale
        title={t(measure === 'flow' ? 'hydraulic.flow' : 'hydraulic.velocity')}
        stops={measure === 'flow' ? FLOW_STOPS : VELOCITY_STOPS}
      />
    </Space>
  );
}
