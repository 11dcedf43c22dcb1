import * as fs from 'node:fs';
import * as readline from 'node:readline';
import { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';

const GZIP_MAGIC = Buffer.from([0x1f, 0x8b]);

/** Whether the file starts as gzip data does. */
async function isGzip(path: string): Promise<boolean> {
  const handle = await fs.promises.open(path, 'r');
  try {
    const head = Buffer.alloc(2);
    const { bytesRead } = await handle.read(head, 0, 2, 0);
    return bytesRead === 2 && head.equals(GZIP_MAGIC);
  } finally {
    await handle.close();
  }
}

/** The file's lines (gzip or plain), with their 1-based numbers, read as they are consumed; blank lines skipped. */
export async function* fileLines(path: string): AsyncGenerator<{ line: number; text: Buffer }> {
  const file: Readable = fs.createReadStream(path);
  const input = (await isGzip(path)) ? file.pipe(createGunzip()) : file;
  const lines = readline.createInterface({ input, crlfDelay: Infinity });
  let line = 0;
  try {
    for await (const text of lines) {
      line++;
      if (text.trim() === '') continue;
      yield { line, text: Buffer.from(text, 'utf8') };
    }
  } finally {
    lines.close();
    file.destroy();
  }
}
