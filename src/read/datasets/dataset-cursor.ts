/** Opaque keyset cursor: the (namespace, name) of the last row of a page. */
export interface DatasetCursor {
  namespace: string;
  name: string;
}

export function encodeCursor(cursor: DatasetCursor): string {
  return Buffer.from(JSON.stringify([cursor.namespace, cursor.name])).toString('base64url');
}

/** Returns null for anything that is not a cursor this service made. */
export function decodeCursor(value: string): DatasetCursor | null {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
    if (Array.isArray(parsed) && parsed.length === 2 && parsed.every((v) => typeof v === 'string')) {
      return { namespace: parsed[0], name: parsed[1] };
    }
  } catch {
    // fall through: not a cursor
  }
  return null;
}
