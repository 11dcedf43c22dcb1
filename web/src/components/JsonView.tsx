import { useState, type ReactNode } from 'react';

const TOKEN = /("(?:[^"\\]|\\.)*")(\s*:)?|(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)|\b(true|false|null)\b/g;

/** Pretty-printed JSON with light highlighting, built as React text (never parsed as HTML). */
export function JsonView({ value, label }: { value: unknown; label: string }) {
  const text = JSON.stringify(value, null, 2) ?? 'null';
  const [copied, setCopied] = useState('');
  const parts: ReactNode[] = [];
  let last = 0;
  TOKEN.lastIndex = 0;
  for (let match = TOKEN.exec(text); match; match = TOKEN.exec(text)) {
    if (match.index > last) parts.push(text.slice(last, match.index));
    const key = parts.length;
    if (match[1] !== undefined) {
      parts.push(<span key={key} className={match[2] ? 'j-key' : 'j-str'}>{match[1]}</span>);
      if (match[2]) parts.push(match[2]);
    } else if (match[3] !== undefined) {
      parts.push(<span key={key} className="j-num">{match[3]}</span>);
    } else {
      parts.push(<span key={key} className="j-lit">{match[4]}</span>);
    }
    last = TOKEN.lastIndex;
  }
  if (last < text.length) parts.push(text.slice(last));
  const copy = () =>
    void Promise.resolve()
      .then(() => navigator.clipboard.writeText(text))
      .then(
        () => setCopied('Copied.'),
        () => setCopied('Copying is not allowed here; select the text instead.'),
      );
  return (
    <div className="json-view">
      <div className="row">
        <button type="button" className="button small secondary" onClick={copy}>
          Copy JSON
        </button>
        <span className="muted small" role="status" aria-live="polite">
          {copied}
        </span>
      </div>
      <pre className="json" tabIndex={0} role="region" aria-label={label}>
        <code>{parts}</code>
      </pre>
    </div>
  );
}
