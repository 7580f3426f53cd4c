import { describe, expect, it } from 'vitest';
import { applyDrawingTransforms } from './color';

describe('DrawingML colour transforms', () => {
  it('shades in linear light, as Office: accent1 5B9BD5 at 50 % is Word 2013\'s default shape outline 41719C', () => {
    expect(applyDrawingTransforms('5B9BD5', [{ name: 'shade', value: 0.5 }])).toBe('41719C');
    expect(applyDrawingTransforms('FFFFFF', [{ name: 'shade', value: 1 }])).toBe('FFFFFF');
    expect(applyDrawingTransforms('FFFFFF', [{ name: 'shade', value: 0 }])).toBe('000000');
  });

  it('tints in linear light towards white: black at 50 % is BC, not 80', () => {
    expect(applyDrawingTransforms('000000', [{ name: 'tint', value: 0.5 }])).toBe('BCBCBC');
    expect(applyDrawingTransforms('4472C4', [{ name: 'tint', value: 1 }])).toBe('4472C4');
    expect(applyDrawingTransforms('4472C4', [{ name: 'tint', value: 0 }])).toBe('FFFFFF');
  });
});
