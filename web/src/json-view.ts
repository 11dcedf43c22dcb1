import { h } from './dom';

/** Pretty-printed JSON with light highlighting, built from text nodes (never innerHTML). */
export function jsonView(value: unknown, label: string): HTMLElement {
  const text = JSON.stringify(value, null, 2) ?? 'null';
  const pre = h('pre', { class: 'json', tabindex: '0', role: 'region', 'aria-label': label });
  const code = h('code', {});
  // Strings (keys when followed by a colon), numbers, literals; everything else stays plain.
  const token = /("(?:[^"\\]|\\.)*")(\s*:)?|(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)|\b(true|false|null)\b/g;
  let last = 0;
  for (let match = token.exec(text); match; match = token.exec(text)) {
    if (match.index > last) code.appendChild(document.createTextNode(text.slice(last, match.index)));
    if (match[1] !== undefined) {
      code.appendChild(h('span', { class: match[2] ? 'j-key' : 'j-str' }, match[1]));
      if (match[2]) code.appendChild(document.createTextNode(match[2]));
    } else if (match[3] !== undefined) {
      code.appendChild(h('span', { class: 'j-num' }, match[3]));
    } else {
      code.appendChild(h('span', { class: 'j-lit' }, match[4]));
    }
    last = token.lastIndex;
  }
  if (last < text.length) code.appendChild(document.createTextNode(text.slice(last)));
  pre.appendChild(code);

  const copied = h('span', { class: 'muted small', role: 'status', 'aria-live': 'polite' });
  const copy = h(
    'button',
    {
      type: 'button',
      class: 'button small secondary',
      onclick: () =>
        void Promise.resolve()
          .then(() => navigator.clipboard.writeText(text))
          .then(
          () => (copied.textContent = 'Copied.'),
          () => (copied.textContent = 'Copying is not allowed here; select the text instead.'),
        ),
    },
    'Copy JSON',
  );
  return h('div', { class: 'json-view' }, h('div', { class: 'row' }, copy, copied), pre);
}
