/**
 * Step 3 of PDF signing: writes the CMS (or time-stamp token) as hex into the prepared /Contents
 * placeholder. It never overflows: a CMS larger than the placeholder is refused with
 * `sign/placeholder-too-small`.
 */
import { fail, ok } from '../core';
import type { Result } from '../core';
import type { PreparedSignature } from './types';

const HEX = '0123456789ABCDEF';

/** Fills the placeholder and returns the signed file (a copy; the prepared bytes are left as they were). */
export function completeSignature(prepared: PreparedSignature, cms: Uint8Array): Result<Uint8Array> {
  if (cms.length > prepared.contentsCapacity) {
    return fail({
      severity: 'error',
      code: 'sign/placeholder-too-small',
      message: `The signature is ${cms.length} bytes but the placeholder holds ${prepared.contentsCapacity}.`,
      hint: 'Prepare again with a larger contentsSize (a larger time-stamp allowance, or more certificates than estimated).',
    });
  }
  const out = new Uint8Array(prepared.bytes);
  const at = prepared.contentsOffset + 1;
  for (let i = 0; i < cms.length; i++) {
    out[at + 2 * i] = HEX.charCodeAt(cms[i]! >> 4);
    out[at + 2 * i + 1] = HEX.charCodeAt(cms[i]! & 15);
  }
  return ok(out);
}
