/**
 * The utility at a glance: plants, pump stations and network points placed by their coordinates, open alarms as
 * red rings where they are. (The GIS network map's tiles need a signed-in session, which a share link has not.)
 */
import type { AlarmPin, MapStation } from '../../api/screen';

const COLOR: Record<string, string> = {
  SC: '#13c2c2',
  BZ: '#9254de',
  YL: '#faad14',
  LL: '#40a9ff',
  SZ: '#73d13d',
  RR: '#1677ff',
};

export function StationMap({
  stations,
  alarms,
  width,
  height,
}: {
  stations: MapStation[];
  alarms: AlarmPin[];
  width: number;
  height: number;
}) {
  const pts = [
    ...stations.filter((s) => s.lgtd != null && s.lttd != null),
    ...alarms.filter((a) => a.lgtd != null && a.lttd != null),
  ] as { lgtd: number; lttd: number }[];
  if (!pts.length) return null;
  const minX = Math.min(...pts.map((p) => p.lgtd));
  const maxX = Math.max(...pts.map((p) => p.lgtd));
  const minY = Math.min(...pts.map((p) => p.lttd));
  const maxY = Math.max(...pts.map((p) => p.lttd));
  const pad = 40;
  const k = Math.min((width - 2 * pad) / (maxX - minX || 1), (height - 2 * pad) / (maxY - minY || 1));
  const x = (lg: number) => pad + (lg - minX) * k + (width - 2 * pad - (maxX - minX) * k) / 2;
  const y = (lt: number) => height - pad - (lt - minY) * k - (height - 2 * pad - (maxY - minY) * k) / 2;
  return (
    <svg width={width} height={height} data-testid="screen-map">
      <title>map</title>
      {stations
        .filter((s) => s.lgtd != null && s.lttd != null)
        .map((s) => (
          <g key={s.stcd} transform={`translate(${x(s.lgtd as number)},${y(s.lttd as number)})`}>
            <circle r={s.sttp === 'SC' ? 9 : 6} fill={COLOR[s.sttp] ?? '#69b1ff'} />
            {(s.sttp === 'SC' || s.sttp === 'BZ') && (
              <text x={12} y={5} fill="#d6e4ff" fontSize={14}>
                {s.stnm}
              </text>
            )}
          </g>
        ))}
      {alarms
        .filter((a) => a.lgtd != null && a.lttd != null)
        .map((a) => (
          <circle
            key={a.id}
            cx={x(a.lgtd as number)}
            cy={y(a.lttd as number)}
            r={16}
            fill="none"
            stroke="#ff4d4f"
            strokeWidth={3}
            data-testid="map-alarm"
          >
            <animate attributeName="r" values="10;22;10" dur="2s" repeatCount="indefinite" />
          </circle>
        ))}
    </svg>
  );
}
