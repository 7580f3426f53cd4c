/**
 * Text rendering of break opportunities, for tests, golden dumps and debugging.
 */
import { BreakAction } from './linebreak-types';

/** Markers that formatBreaks inserts before a code unit, per break action. */
export interface BreakMarkers {
  readonly allowed: string;
  readonly mandatory: string;
  readonly softHyphen: string;
}

const DEFAULT_MARKERS: BreakMarkers = { allowed: '|', mandatory: '¶', softHyphen: '~' };

/**
 * Renders text with a marker inserted before each code unit that has a break action:
 * '|' allowed, '¶' mandatory, '~' soft hyphen (e.g. "well-|known", "a\n¶b").
 */
export function formatBreaks(text: string, actions: Uint8Array, markers: BreakMarkers = DEFAULT_MARKERS): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const action = actions[i] ?? BreakAction.NONE;
    if (action === BreakAction.ALLOWED) out += markers.allowed;
    else if (action === BreakAction.MANDATORY) out += markers.mandatory;
    else if (action === BreakAction.SOFT_HYPHEN) out += markers.softHyphen;
    out += text[i];
  }
  return out;
}
