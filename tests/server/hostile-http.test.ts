/**
 * A fixed-seed slice of the HTTP hostile-input campaign (scripts/fuzz/http.ts; the long runs are
 * `npm run fuzz -- --targets http`): every answer to a hostile request keeps the contract of API.md
 * (no 500, a problem body with a known code, the request id echoed, a safe Content-Disposition), the
 * service is healthy afterwards and its log holds no key, code or document text.
 */
import { describe, expect, it } from 'vitest';
import { runHttpCampaign } from '../../scripts/fuzz/http';

describe('hostile HTTP requests', () => {
  it('keep the contract over 400 fixed-seed cases', async () => {
    const res = await runHttpCampaign(400, 1);
    expect(res.failures).toEqual([]);
    expect(res.serviceDefects).toEqual([]);
    // The cases reached the handlers and the engine, not only the validators.
    for (const status of [200, 202, 400, 401, 404, 405, 422]) expect(res.statuses[status] ?? 0, `HTTP ${status}`).toBeGreaterThan(0);
  }, 120_000);
});
