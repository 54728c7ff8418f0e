/** A framed panel of a big screen: title bar and content, absolutely placed on the 1920×1080 stage. */
import type { CSSProperties, ReactNode } from 'react';

export function Panel({
  title,
  children,
  style,
  testId,
}: {
  title: string;
  children: ReactNode;
  style: CSSProperties;
  testId?: string;
}) {
  return (
    <section
      data-testid={testId}
      style={{
        position: 'absolute',
        border: '1px solid #1d4f91',
        background: 'rgba(8, 30, 66, 0.72)',
        boxShadow: 'inset 0 0 24px rgba(22, 119, 255, 0.25)',
        borderRadius: 4,
        overflow: 'hidden',
        ...style,
      }}
    >
      <h3
        style={{
          margin: 0,
          padding: '8px 16px',
          fontSize: 20,
          color: '#69b1ff',
          borderBottom: '1px solid #1d4f91',
          background: 'linear-gradient(90deg, rgba(22,119,255,0.35), transparent)',
        }}
      >
        {title}
      </h3>
      <div style={{ padding: 12, height: 'calc(100% - 46px)', boxSizing: 'border-box' }}>{children}</div>
    </section>
  );
}

export function Kpi({ label, value, unit, testId }: { label: string; value: string; unit?: string; testId?: string }) {
  return (
    <div style={{ textAlign: 'center' }}>
      <div style={{ fontSize: 18, color: '#8fa8cc' }}>{label}</div>
      <div style={{ fontSize: 40, fontWeight: 700, color: '#4ee1ff' }} data-testid={testId}>
        {value}
        {unit && <span style={{ fontSize: 18, marginLeft: 4, color: '#8fa8cc' }}>{unit}</span>}
      </div>
    </div>
  );
}
