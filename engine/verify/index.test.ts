import { describe, expect, it } from 'vitest';
import * as verify from './index';

describe('engine/verify public surface', () => {
  it('exports exactly the verification entry points', () => {
    expect(Object.keys(verify).sort()).toEqual(['readCertificates', 'verifyDocx', 'verifyPdf']);
  });
});
