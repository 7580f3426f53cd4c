import { describe, expect, it } from 'vitest';
import { parseFillRequest } from './request';

describe('parseFillRequest', () => {
  it('accepts the API.md fields list and a data object', () => {
    const r = parseFillRequest({ fields: [{ id: 'a', type: 'text', value: 'x' }, { group: 'g', type: 'checkbox', value: true, options: {} }], data: { b: 1 } });
    expect(r.ok && r.value).toEqual({ fields: [{ id: 'a', type: 'text', value: 'x' }, { group: 'g', type: 'checkbox', value: true, options: {} }], data: { b: 1 } });
  });

  it('explains what is wrong with a bad request', () => {
    const codes = (raw: unknown) => {
      const r = parseFillRequest(raw);
      return r.ok ? [] : r.errors.map((e) => `${e.code} ${e.message}`);
    };
    expect(codes(null)[0]).toMatch(/must be an object/);
    expect(codes({})[0]).toMatch(/neither `fields` nor `data`/);
    expect(codes({ fields: {} })[0]).toMatch(/`fields` must be a list/);
    expect(codes({ fields: [{ id: 'a', group: 'b', type: 'text', value: 1 }] })[0]).toMatch(/exactly one of `id` and `group`/);
    expect(codes({ fields: [{ id: 'a', type: 'html', value: 1 }] })[0]).toMatch(/type must be one of/);
    expect(codes({ fields: [{ id: 'a', type: 'text' }] })[0]).toMatch(/has no `value`/);
    expect(codes({ fields: [{ id: '', type: 'text', value: '' }] })[0]).toMatch(/non-empty string/);
    expect(codes({ data: [] })[0]).toMatch(/`data` must be an object/);
  });

  it('stops hostile nesting without recursion and flags reserved keys', () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 100_000; i++) deep = { a: deep };
    const r = parseFillRequest({ data: deep as Record<string, unknown> });
    expect(r.ok).toBe(false);
    expect(!r.ok && r.errors[0]!.code).toBe('template/data-too-deep');
    const p = parseFillRequest(JSON.parse('{"data":{"__proto__":{"polluted":1},"ok":1}}'));
    expect(p.ok).toBe(true);
    expect(p.warnings.map((w) => w.code)).toEqual(['template/reserved-key']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
