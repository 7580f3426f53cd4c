/**
 * Per-channel arithmetic on RRGGBB colours, the one parse-and-format loop behind the tints and shades
 * of revision marks, 3-D chart faces and chart style palettes.
 */

/** Maps each channel of an RRGGBB colour through `f` (0-255 in; rounded and clamped to 0-255 out), as upper-case hex. */
export function mapChannels(hex: string, f: (channel: number) => number): string {
  let out = '';
  for (let i = 0; i < 6; i += 2) {
    const v = Math.round(f(parseInt(hex.slice(i, i + 2), 16)));
    out += Math.max(0, Math.min(255, v)).toString(16).padStart(2, '0').toUpperCase();
  }
  return out;
}
