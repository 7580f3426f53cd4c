/**
 * POST /v1/convert passes the review options (trackedChanges, comments — API.md's query options) through
 * the worker pool to the engine: each view gives its own PDF, the same as the engine gives in process.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { convertDocxToPdf } from '../../engine/convert';
import { createNodeHost } from '../../node/host';
import { makeDocx } from '../helpers/make-docx';
import { REVIEW_FIXTURES } from '../golden/review-fixtures';
import { fileForm, makeTestApp, obtainKey, type TestApp } from './helpers';

describe('/v1/convert review options', () => {
  let t: TestApp;
  let auth: Record<string, string>;
  beforeAll(async () => {
    t = await makeTestApp({ rateLimit: 10_000, keyConcurrency: 100 });
    auth = { Authorization: `Bearer ${await obtainKey(t, 'review@example.com')}` };
  });
  afterAll(async () => t.close());

  async function convert(name: string, query: string): Promise<Uint8Array> {
    const res = await t.app.request(`/v1/convert?from=docx&${query}`, { method: 'POST', headers: auth, body: fileForm(makeDocx(REVIEW_FIXTURES[name]!)) });
    expect(res.status).toBe(200);
    return new Uint8Array(await res.arrayBuffer());
  }
  const same = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((x, i) => x === b[i]);

  it('gives a different PDF for each tracked-changes view, markup by default', async () => {
    const [markup, final, original, byDefault] = await Promise.all([
      convert('tc-two-authors', 'trackedChanges=markup'), convert('tc-two-authors', 'trackedChanges=final'),
      convert('tc-two-authors', 'trackedChanges=original'), convert('tc-two-authors', ''),
    ]);
    expect(same(markup, final) || same(markup, original) || same(final, original)).toBe(false);
    expect(byDefault.length).toBe(markup.length);
  });

  it('draws balloons with comments=show only, hidden by default', async () => {
    const [show, hide, byDefault] = await Promise.all([convert('comment-range', 'comments=show'), convert('comment-range', 'comments=hide'), convert('comment-range', '')]);
    expect(same(show, hide)).toBe(false);
    expect(byDefault.length).toBe(hide.length);
    const direct = await convertDocxToPdf(makeDocx(REVIEW_FIXTURES['comment-range']!), { comments: 'show' }, createNodeHost());
    expect(direct.ok && direct.value.pdf.length > hide.length).toBe(true);
    expect(show.length).toBeGreaterThan(hide.length);
  });
});
