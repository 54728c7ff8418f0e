/**
 * A 1920×1080 stage scaled to fit the window (CSS transform), centred, for 16:9 wall displays of any size; the
 * page never scrolls.
 */
import { type ReactNode, useEffect, useState } from 'react';

export const STAGE_W = 1920;
export const STAGE_H = 1080;

export function scaleFor(w: number, h: number) {
  return Math.min(w / STAGE_W, h / STAGE_H);
}

export function ScaledStage({ children }: { children: ReactNode }) {
  const [size, setSize] = useState({ w: window.innerWidth, h: window.innerHeight });
  useEffect(() => {
    const on = () => setSize({ w: window.innerWidth, h: window.innerHeight });
    window.addEventListener('resize', on);
    const html = document.documentElement.style.overflow;
    const body = document.body.style.overflow;
    document.documentElement.style.overflow = 'hidden';
    document.body.style.overflow = 'hidden';
    return () => {
      window.removeEventListener('resize', on);
      document.documentElement.style.overflow = html;
      document.body.style.overflow = body;
    };
  }, []);
  const s = scaleFor(size.w, size.h);
  return (
    <div style={{ position: 'fixed', inset: 0, background: '#020c1f', overflow: 'hidden' }}>
      <div
        data-testid="screen-stage"
        data-scale={s.toFixed(4)}
        style={{
          position: 'absolute',
          width: STAGE_W,
          height: STAGE_H,
          left: (size.w - STAGE_W * s) / 2,
          top: (size.h - STAGE_H * s) / 2,
          transform: `scale(${s})`,
          transformOrigin: '0 0',
          overflow: 'hidden',
          color: '#d6e4ff',
          background: 'radial-gradient(ellipse at center, #0b2a55 0%, #020c1f 75%)',
          fontFamily: 'system-ui, "PingFang SC", "Microsoft YaHei", sans-serif',
        }}
      >
        {children}
      </div>
    </div>
  );
}
