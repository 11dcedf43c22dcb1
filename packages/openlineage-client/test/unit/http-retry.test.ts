import { backoffMs, isRetryableStatus, retryPolicy } from '../../src/transports/http-retry';

describe('http retry policy', () => {
  it('defaults as the Python client: 5 retries, backoff_factor 0.3 s doubling, at most 120 s', () => {
    const policy = retryPolicy();
    expect(policy.total).toBe(5);
    expect([1, 2, 3, 4, 5].map((retry) => backoffMs(policy, retry))).toEqual([300, 600, 1200, 2400, 4800]);
    expect(backoffMs(policy, 20)).toBe(120_000);
  });

  it('retries 429 and every 5xx by default, nothing else', () => {
    const policy = retryPolicy();
    for (const status of [429, 500, 502, 503, 504, 599]) expect(isRetryableStatus(policy, status)).toBe(true);
    for (const status of [400, 401, 403, 404, 408, 409, 413, 422, 301]) expect(isRetryableStatus(policy, status)).toBe(false);
  });

  it('retries exactly status_forcelist when given', () => {
    const policy = retryPolicy({ status_forcelist: [503, 408] });
    expect([503, 408, 500, 429].map((status) => isRetryableStatus(policy, status))).toEqual([true, true, false, false]);
  });

  it('waits as long as Retry-After asks (seconds or a date), within backoff_max, unless told not to', () => {
    const policy = retryPolicy({ backoff_factor: 0.1, backoff_max: 30 });
    expect(backoffMs(policy, 1, '7')).toBe(7000);
    expect(backoffMs(policy, 1, '3600')).toBe(30_000);
    expect(backoffMs(policy, 1, 'soon')).toBe(100);
    const inTenSeconds = new Date(Date.now() + 10_000).toUTCString();
    expect(backoffMs(policy, 1, inTenSeconds)).toBeGreaterThan(8000);
    expect(backoffMs(retryPolicy({ backoff_factor: 0.1, respect_retry_after_header: false }), 1, '7')).toBe(100);
  });
});
