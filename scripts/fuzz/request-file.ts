/**
 * The fill request of a case the campaign keeps (a failure's example or one of a target's highest
 * peaks), written beside the case's file.
 */
import { writeFileSync } from 'node:fs';

/** Most values a kept request is spelt out with: past it the file says so instead. */
export const MAX_REQUEST_VALUES = 5_000_000;

/**
 * Writes a case's fill request beside its file. A hostile request shares subtrees (deep(60) is 60
 * levels each holding its child twice), so spelt out as JSON it is 2^60 values: JSON.stringify ran
 * for ever in the parent. Past MAX_REQUEST_VALUES the file notes that instead; the case is still
 * reproduced from its seed and index.
 */
export function writeRequest(file: string, request: unknown): void {
  let values = 0;
  const tooBig = new Error('request too large');
  try {
    const text = JSON.stringify(request, (_k, v: unknown) => {
      if (++values > MAX_REQUEST_VALUES) throw tooBig;
      return v;
    });
    writeFileSync(file, text ?? 'null');
  } catch (e) {
    if (e !== tooBig) throw e;
    writeFileSync(file, JSON.stringify({ omitted: `the request spells out to more than ${MAX_REQUEST_VALUES} values (shared subtrees); rerun the case from its seed` }));
  }
}
