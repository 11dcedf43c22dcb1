import { useEffect, useRef } from 'react';

let firstPageShown = false;

/**
 * The page's <h1>: sets the document title, and on moving to another view takes the focus (so
 * screen readers announce it). The first page of a visit leaves focus where the browser put it.
 */
export function usePageHeading(title: string) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (firstPageShown) {
      ref.current?.focus({ preventScroll: true });
      window.scrollTo(0, 0);
    }
    firstPageShown = true;
  }, []);
  useEffect(() => {
    document.title = `${title} · Metadata Store`;
  }, [title]);
  return ref;
}
