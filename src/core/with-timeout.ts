/**
 * Rejects after `ms` unless `promise` settled first. The promise keeps running; a late failure
 * after the timeout is not reported as unhandled.
 */
export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  promise.catch(() => undefined);
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`timeout of ${ms}ms exceeded`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}
