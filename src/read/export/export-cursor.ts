const ID = /^[1-9]\d{0,18}$/;

/** Opaque cursor of the export: the id of the last event a page examined. */
export function encodeExportCursor(eventId: string): string {
  return Buffer.from(JSON.stringify(['export', eventId])).toString('base64url');
}

/** Returns null for anything that is not a cursor the export made. */
export function decodeExportCursor(value: string): string | null {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
    if (Array.isArray(parsed) && parsed.length === 2 && parsed[0] === 'export' && ID.test(String(parsed[1]))) return String(parsed[1]);
  } catch {
    // fall through: not a cursor
  }
  return null;
}
