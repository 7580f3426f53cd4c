/**
 * Per-channel arithmetic on RRGGBB colours, the one parse-and-format loop behind the tints and shades
 * of revision marks, 3-D chart faces and chart style palettes, and the 0–1 components PDF colours take.
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

/** The red, green and blue of an RRGGBB colour as fractions of 1 (PDF DeviceRGB); black when malformed. */
export function unitRgb(hex: string): [number, number, number] {
  const v = parseInt(hex, 16);
  if (!Number.isFinite(v) || hex.length !== 6) return [0, 0, 0];
  return [((v >> 16) & 255) / 255, ((v >> 8) & 255) / 255, (v & 255) / 255];
}
