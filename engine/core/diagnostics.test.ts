import { describe, expect, it } from 'vitest';
import { DiagnosticBag, DiagnosticError, guard } from './diagnostics';

describe('DiagnosticBag', () => {
  it('folds repeated warnings into one with a count', () => {
    const bag = new DiagnosticBag();
    for (let i = 0; i < 5; i++) bag.warn('docx/unsupported-element', 'w:foo is not supported', { at: `p[${i}]` });
    bag.warn('text/font-fallback', 'x');
    const list = bag.list();
    expect(list).toHaveLength(2);
    expect(list[0]).toMatchObject({ code: 'docx/unsupported-element', count: 5, at: 'p[0]' });
    expect(bag.countsByCode()).toEqual({ 'docx/unsupported-element': 5, 'text/font-fallback': 1 });
  });

  it('bounds the number of distinct diagnostics', () => {
    const bag = new DiagnosticBag(3);
    for (let i = 0; i < 10; i++) bag.warn('c', `m${i}`);
    const list = bag.list();
    expect(list).toHaveLength(4);
    expect(list[3]).toMatchObject({ code: 'core/too-many-diagnostics' });
  });
});

describe('guard', () => {
  it('turns thrown diagnostics and unexpected errors into failed results', () => {
    const bag = new DiagnosticBag();
    const a = guard('docx', bag, () => {
      throw new DiagnosticError({ severity: 'error', code: 'docx/bad-zip', message: 'bad' });
    });
    expect(a).toMatchObject({ ok: false, errors: [{ code: 'docx/bad-zip' }] });
    const b = guard('docx', bag, () => {
      throw new TypeError('boom');
    });
    expect(b).toMatchObject({ ok: false, errors: [{ code: 'docx/internal' }] });
    expect(guard('docx', bag, () => 3)).toMatchObject({ ok: true, value: 3 });
  });
});
