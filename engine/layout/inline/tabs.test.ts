import { describe, expect, it } from 'vitest';
import { nextTabStop } from './tabs';

describe('nextTabStop', () => {
  const ctx = { stops: [{ positionPt: 100, alignment: 'right' as const, leader: 'dot' as const }], defaultTabPt: 36, leftIndentPt: 18, hanging: true };

  it('uses the implicit stop at a hanging indent first', () => {
    expect(nextTabStop(5, ctx)).toMatchObject({ positionPt: 18, alignment: 'left' });
  });

  it('then custom stops, then default stops after them', () => {
    expect(nextTabStop(20, ctx)).toMatchObject({ positionPt: 100, alignment: 'right', leader: 'dot' });
    expect(nextTabStop(100, ctx)).toMatchObject({ positionPt: 108, alignment: 'left' });
  });

  it('ignores bar tabs for positioning and falls back to 36 pt for a zero default', () => {
    const c = { stops: [{ positionPt: 50, alignment: 'bar' as const, leader: 'none' as const }], defaultTabPt: 0, leftIndentPt: 0, hanging: false };
    expect(nextTabStop(10, c).positionPt).toBe(36);
  });
});
