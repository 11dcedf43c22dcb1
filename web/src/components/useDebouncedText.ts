import { useEffect, useState } from 'react';

const DEBOUNCE_MS = 250;

/** A search box's text that follows `value` (from the URL) and calls `commit` after a pause in typing. */
export function useDebouncedText(value: string, commit: (text: string) => void): [string, (text: string) => void] {
  const [text, setText] = useState(value);
  useEffect(() => setText((current) => (current.trim() === value ? current : value)), [value]);
  useEffect(() => {
    if (text.trim() === value) return;
    const timer = window.setTimeout(() => commit(text.trim()), DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  });
  return [text, setText];
}
