import { gzipSync } from 'node:zlib';

export interface JsonResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

async function asJson<T>(res: Response): Promise<JsonResponse<T>> {
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // keep the text: a test asserting JSON will say what came back
  }
  return { status: res.status, headers: res.headers, body: body as T };
}

/** POSTs a body (string as is, anything else as JSON), optionally gzip-encoded. */
export async function post<T = any>(
  url: string,
  body: unknown,
  options: { gzip?: boolean; headers?: Record<string, string> } = {},
): Promise<JsonResponse<T>> {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  const headers: Record<string, string> = { 'content-type': 'application/json', ...options.headers };
  let payload: string | Buffer = text;
  if (options.gzip) {
    payload = gzipSync(text);
    headers['content-encoding'] = 'gzip';
  }
  return asJson<T>(await fetch(url, { method: 'POST', headers, body: payload }));
}

export async function get<T = any>(url: string, headers: Record<string, string> = {}): Promise<JsonResponse<T>> {
  return asJson<T>(await fetch(url, { headers }));
}
