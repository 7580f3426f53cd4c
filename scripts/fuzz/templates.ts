/**
 * Template cases: small templates with every placeholder kind, and fill requests with hostile
 * values (deep nesting, huge lists and strings, wrong types, broken pictures).
 */
import { makeDocx, para } from '../../tests/helpers/make-docx';
import { TINY_PNG } from '../../tests/helpers/tiny-png';
import type { Rng } from './rng';
import type { Seed } from './seeds';

/** Template seeds: text, sections, loops in tables, pictures, signatures. */
export function templateSeeds(): Seed[] {
  const table = `<w:tbl><w:tblGrid><w:gridCol w:w="3000"/><w:gridCol w:w="3000"/></w:tblGrid><w:tr><w:tc>${para('{{#rows}}{{name}}')}</w:tc><w:tc>${para('{{qty}}{{/rows}}')}</w:tc></w:tr></w:tbl>`;
  const body = para('Dear {{name}}, {{company}}') + para('{{#items}}') + para('- {{name}} {{#tags}}{{.}},{{/tags}}') + para('{{/items}}') + table +
    para('{{%logo}}') + para('{{^vip}}no{{/vip}}{{#vip}}yes{{/vip}}') + para('{{sig}}') + para('{{{raw}}} {{a.b.c.d}}');
  return [
    { name: 'tpl-all.docx', bytes: makeDocx({ body }) },
    // Nested loops whose product of lengths reaches limits.maxFillElements (template/too-large).
    { name: 'tpl-grid.docx', bytes: makeDocx({ body: para('{{#grid}}') + `<w:tbl><w:tblGrid><w:gridCol w:w="3000"/></w:tblGrid><w:tr><w:tc>${para('{{#cells}}{{.}}{{/cells}}')}</w:tc></w:tr></w:tbl>` + para('{{#cells}}') + para('{{.}}') + para('{{/cells}}{{/grid}}') }) },
    { name: 'tpl-split.docx', bytes: makeDocx({ body: '<w:p><w:r><w:t>{{</w:t></w:r><w:r><w:rPr><w:b/></w:rPr><w:t>#items</w:t></w:r><w:r><w:t>}}x{{/items}}{{</w:t></w:r></w:p>' }) },
  ];
}

function deep(n: number): unknown {
  let v: unknown = 'leaf';
  for (let i = 0; i < n; i++) v = { a: { b: { c: { d: v } } }, items: [v] };
  return v;
}

/** `rows` rows of `cols` cells each: nested loops over it fill rows × cols copies. */
function gridOf(rows: number, cols: number): Array<{ cells: string[] }> {
  const cells = Array.from({ length: cols }, (_, i) => `c${i % 10}`);
  return Array.from({ length: rows }, () => ({ cells }));
}

const base64 = (b: Uint8Array) => Buffer.from(b).toString('base64');

/** A fill request, hostile one time in two. */
export function templateRequest(r: Rng, picture: Uint8Array): { fields?: never[]; data?: Record<string, unknown> } {
  const items = Array.from({ length: r.pick([3, 10_000, 50_000]) }, (_, i) => ({ name: `n${i}`, tags: ['a', 'b'], qty: i }));
  const data: Record<string, unknown> = {
    name: r.pick(['Ann', 'x'.repeat(1_000_000), 42, null, ['a'], { toString: 1 }]),
    company: r.pick(['{{name}}', '</w:t><w:p>', '\u0000\uFFFE\uD800']),
    items: r.pick([items.slice(0, 3), items.slice(0, 3), items, 'not a list', [[[]]], deep(r.chance(0.8) ? 5 : 40)]),
    rows: r.pick([items.slice(0, 2), items]),
    vip: r.pick([true, false, 'yes', 0, [], {}]),
    a: deep(r.chance(0.85) ? 3 : 60),
    raw: '<w:r><w:t>x</w:t></w:r>',
    grid: gridOf(...r.pick<[number, number]>([[3, 3], [1_500, 1_500], [20, 20_000], [100_000, 1]])),
  };
  const fields = [
    { id: 'logo', type: 'image', value: `data:image/png;base64,${base64(picture)}`, options: { dimensions: { width: r.pick([10, 1e9, -5, 0]), height: r.pick([10, 1e9, Number.NaN]) } } },
    { id: 'sig', type: 'signature', value: r.pick(['Ann Smith', 'x'.repeat(100_000), `data:image/png;base64,${base64(picture)}`]) },
  ];
  return r.chance(0.5) ? { data } : ({ data, fields } as never);
}
