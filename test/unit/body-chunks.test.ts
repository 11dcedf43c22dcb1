import { BodyChunks } from '../../src/ingest/body-chunks';

describe('BodyChunks', () => {
  const text = 'abcdefghijklmnopqrstuvwxyz';
  const body = new BodyChunks();
  for (const part of ['abcde', 'f', 'ghijklm', '', 'nopqrstuvwxyz']) body.push(Buffer.from(part));

  it('gives back the whole body', () => {
    expect(body.all().toString()).toBe(text);
  });

  it('cuts out any range, within one chunk or across several', () => {
    for (let start = 0; start < text.length; start++) {
      for (let end = start + 1; end <= text.length; end++) {
        expect(body.slice(start, end).toString()).toBe(text.slice(start, end));
      }
    }
  });
});
