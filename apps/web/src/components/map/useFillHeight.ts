import { type RefObject, useLayoutEffect, useRef, useState } from 'react';

/**
 * The height that takes an element from where it starts down to the window's bottom edge (less a margin), kept
 * on resize: a map filling its screen without a fixed height that leaves an empty band or a scroll bar.
 */
export function useFillHeight(min = 360, margin = 16): [RefObject<HTMLDivElement | null>, number] {
  const ref = useRef<HTMLDivElement>(null);
  const [h, setH] = useState(min);
  useLayoutEffect(() => {
    const fit = () => {
      const top = ref.current?.getBoundingClientRect().top ?? 0;
      setH(Math.max(min, Math.floor(window.innerHeight - top - margin)));
    };
    fit();
    window.addEventListener('resize', fit);
    const ro = typeof ResizeObserver === 'function' && ref.current?.parentElement ? new ResizeObserver(fit) : null;
    if (ro && ref.current?.parentElement) ro.observe(ref.current.parentElement);
    return () => {
      window.removeEventListener('resize', fit);
      ro?.disconnect();
    };
  }, [min, margin]);
  return [ref, h];
}
