/** The map's legend: junction pressure and the chosen link measure, from the same stops the map paints with. */
import { Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { FLOW_STOPS, nodeStops, VELOCITY_STOPS } from './colours';
import type { LinkMeasure, NodeMeasure } from './HydraulicMap';

function Scale({
  title,
  stops,
  counts,
  testId,
}: {
  title: string;
  stops: [number, string][];
  counts: Map<string, number>;
  testId: string;
}) {
  return (
    <Space size={4} wrap data-testid={testId}>
      <Typography.Text type="secondary">{title}</Typography.Text>
      {stops.map(([at, colour]) => (
        <span key={at} style={{ display: 'inline-flex', alignItems: 'center', gap: 2 }}>
          <span style={{ width: 14, height: 10, background: colour, display: 'inline-block' }} />≥{at} (
          {counts.get(colour) ?? 0})
        </span>
      ))}
    </Space>
  );
}

/**
 * `counts`: how many junctions and links have each colour at the shown step; `nodes`: what colours the junctions
 * (pressure, or a quality run's water age / source share)
 */
export function Legend({
  measure,
  nodeCounts,
  linkCounts,
  nodes = 'pressure',
}: {
  measure: LinkMeasure;
  nodeCounts: Map<string, number>;
  linkCounts: Map<string, number>;
  nodes?: NodeMeasure;
}) {
  const { t } = useTranslation();
  return (
    <Space direction="vertical" size={2} data-testid="hydraulic-legend">
      <Scale
        title={t(
          nodes === 'age'
            ? 'hydraulic.legendAge'
            : nodes === 'trace'
              ? 'hydraulic.legendTrace'
              : 'hydraulic.legendPressure',
        )}
        stops={nodeStops(nodes)}
        counts={nodeCounts}
        testId={nodes === 'pressure' ? 'legend-pressure' : 'legend-quality'}
      />
      <Scale
        title={t(measure === 'flow' ? 'hydraulic.flow' : 'hydraulic.velocity')}
        stops={measure === 'flow' ? FLOW_STOPS : VELOCITY_STOPS}
        counts={linkCounts}
        testId="legend-links"
      />
    </Space>
  );
}
