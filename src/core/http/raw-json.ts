/**
 * The JSON text of `fields` with `key` set to `rawJson`, JSON text used as it is: the log's
 * payloads go out as the producer sent them, numbers included, instead of through JSON.parse
 * and JSON.stringify (which turn 12345678901234567891 into 12345678901234567000 and 1.50 into 1.5).
 */
export function withRawJson(fields: Record<string, unknown>, key: string, rawJson: string): string {
  const head = JSON.stringify(fields);
  return `${head.slice(0, -1)}${head.length > 2 ? ',' : ''}${JSON.stringify(key)}:${rawJson}}`;
}

export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';
