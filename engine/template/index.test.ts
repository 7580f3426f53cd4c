import { describe, expect, it } from 'vitest';
import * as template from './index';

describe('engine/template public surface', () => {
  it('exports exactly the documented functions and constants', () => {
    expect(Object.keys(template).sort()).toEqual([
      'DOCX_CONTENT_TYPE', 'MAX_DATA_DEPTH', 'MAX_FIELDS', 'SIGNATURE_FALLBACK_FILE', 'SIGNATURE_FONT_FILE',
      'annotateDocument', 'fillTemplate', 'listFields', 'parseFillRequest',
    ]);
    expect(template.SIGNATURE_FONT_FILE).toBe('DancingScript-Regular.otf');
  });
});
