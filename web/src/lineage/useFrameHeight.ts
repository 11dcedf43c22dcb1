import { useLayoutEffect, useState, type RefObject } from 'react';

const MIN_HEIGHT = 420;
const BOTTOM_GAP = 16;

/**
 * The graph's height: from its top to the bottom of the viewport (with the page scrolled to the
 * top), so the whole canvas and its zoom controls are on screen; never below MIN_HEIGHT.
 * Null until measured: the graph is drawn (and first fitted) only at its final size.
 */
export function useFrameHeight(ref: RefObject<HTMLElement | null>): number | null {
  const [height, setHeight] = useState<number | null>(null);
  useLayoutEffect(() => {
    const measure = () => {
      const element = ref.current;
      if (!element) return;
      const top = element.getBoundingClientRect().top + window.scrollY;
      setHeight(Math.max(MIN_HEIGHT, Math.floor(window.innerHeight - top - BOTTOM_GAP)));
    };
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [ref]);
  return height;
}
