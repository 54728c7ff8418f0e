/** The pointer's coordinates in the map's corner (written by the map's pointermove, not by React). */
import type { Ref } from 'react';

export function MapCoords({ ref, dark }: { ref: Ref<HTMLDivElement>; dark: boolean }) {
  return (
    <div
      ref={ref}
      data-testid="map-coords"
      className="swp-map-coords"
      style={{
        position: 'absolute',
        right: 8,
        bottom: 8,
        padding: '2px 8px',
        fontSize: 12,
        fontFamily: 'monospace',
        borderRadius: 4,
        background: dark ? 'rgba(0,0,0,0.6)' : 'rgba(255,255,255,0.85)',
        color: dark ? '#d9d9d9' : '#333',
        pointerEvents: 'none',
      }}
    />
  );
}
