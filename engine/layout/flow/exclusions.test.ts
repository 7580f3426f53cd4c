import { describe, expect, it } from 'vitest';
import { lineSlot, wrapFits, type Exclusion } from './exclusions';

const box = (x0: number, y0: number, x1: number, y1: number, extra: Partial<Exclusion> = {}): Exclusion => ({ x0, y0, x1, y1, wrap: 'square', side: 'both', ...extra });

describe('lineSlot', () => {
  it('gives the whole span when nothing overlaps the line band', () => {
    expect(lineSlot([box(0, 100, 50, 200)], 0, 14, 0, 400, 24)).toEqual({ left: 0, right: 400 });
    expect(lineSlot([box(0, 100, 50, 200)], 200, 14, 0, 400, 24)).toEqual({ left: 0, right: 400 });
  });

  it('fits the line beside a float, on the wider side for both-sides wrapping', () => {
    expect(lineSlot([box(0, 0, 150, 100)], 10, 14, 0, 400, 24)).toEqual({ left: 150, right: 400 });
    expect(lineSlot([box(300, 0, 400, 100)], 10, 14, 0, 400, 24)).toEqual({ left: 0, right: 300 });
    expect(lineSlot([box(100, 0, 200, 100)], 10, 14, 0, 400, 24)).toEqual({ left: 200, right: 400 });
  });

  it('honours wrapText left / right and moves below topAndBottom floats and too narrow gaps', () => {
    expect(lineSlot([box(100, 0, 200, 100, { side: 'left' })], 10, 14, 0, 400, 24)).toEqual({ left: 0, right: 100 });
    expect(lineSlot([box(100, 0, 200, 100, { side: 'right' })], 10, 14, 0, 400, 24)).toEqual({ left: 200, right: 400 });
    expect(lineSlot([box(100, 0, 200, 100, { wrap: 'topAndBottom' })], 10, 14, 0, 400, 24)).toEqual({ below: 100 });
    expect(lineSlot([box(10, 0, 390, 100)], 10, 14, 0, 400, 24)).toEqual({ below: 100 });
  });
});

describe('wrapFits', () => {
  it('shifts lines beside a left float, then returns to the full width, with skips below obstacles', () => {
    const fit = wrapFits({ top: 0, columnX: 100, exclusions: [box(100, 0, 250, 40)] }, 400, 0, 0, [14]);
    expect(fit(0)).toEqual({ shift: 150, limit: 400, skip: 0 });
    expect(fit(2)).toEqual({ shift: 150, limit: 400, skip: 0 });
    expect(fit(3)).toEqual({ shift: 0, limit: 400, skip: 0 });
    const tb = wrapFits({ top: 0, columnX: 0, exclusions: [box(0, 20, 400, 60, { wrap: 'topAndBottom' })] }, 400, 0, 0, [14]);
    expect(tb(0).skip).toBe(0);
    expect(tb(1)).toEqual({ shift: 0, limit: 400, skip: 46 });
    expect(tb(2).skip).toBe(0);
  });
});
