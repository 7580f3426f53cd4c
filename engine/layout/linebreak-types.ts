/**
 * Shared vocabulary of the line-break kernel and its TS twin: break actions and tailorings.
 */

/**
 * Break actions, one per UTF-16 code unit: the action for a break BEFORE that index.
 * NONE: no break; ALLOWED: a line may end here; MANDATORY: a line must end here (after BK, CR,
 * LF, NL: UAX #14 LB4/LB5); SOFT_HYPHEN: allowed only as a hyphenation point after U+00AD, where
 * layout draws a hyphen if it breaks.
 */
export const BreakAction = {
  NONE: 0,
  ALLOWED: 1,
  MANDATORY: 2,
  SOFT_HYPHEN: 3,
} as const;

/** One of the {@link BreakAction} values. */
export type BreakActionValue = (typeof BreakAction)[keyof typeof BreakAction];

/**
 * Which rule set to apply: 'word' (default) is UAX #14 with the Microsoft Word tailorings
 * documented in linebreak-twin.ts; 'uax14' is the untailored algorithm (used by the conformance
 * test against LineBreakTest.txt).
 */
export type LineBreakTailoring = 'word' | 'uax14';

/** Maps a tailoring to the integer the WASM kernel takes. */
export function tailoringCode(tailoring: LineBreakTailoring): number {
  return tailoring === 'uax14' ? 1 : 0;
}
