/**
 * Colours of review markup. Word's "By author" colouring gives each reviewer one colour from its
 * revision palette, in order of first appearance; these are the values of Word's named revision
 * colours (Red, Blue, Violet, Dark Yellow, Teal, Pink, Green, Dark Blue, Dark Red, Turquoise, Gray 50%).
 * LibreOffice's references are no guide here: its author colours depend on every document the
 * converting process opened before (the index runs on across documents).
 */
import { mapChannels } from '../../core';

const AUTHOR_COLORS = ['B5082E', '2E97D3', '633277', 'E09A2B', '1B9CAB', 'CE338F', '84A35B', '376E96', '881824', '3EAFC2', '50565E'];

/** Word shows moved text in green (the "Green" revision colour), whoever moved it. */
export const MOVE_COLOR = '2C6234';

/** Change bars: black ("Auto"), 0.5 pt, in the left margin. */
export const CHANGE_BAR_COLOR = '000000';

/** Table cell highlighting of Word's markup: inserted cells Light Blue, deleted cells Light Pink. */
export const INSERTED_CELL_FILL = 'E1F2FA';
/** See INSERTED_CELL_FILL. */
export const DELETED_CELL_FILL = 'FCE6F4';

/** The markup colour of the author with this index (stable: the same index always gives the same colour). */
export function revisionColor(authorIndex: number): string {
  const i = Number.isFinite(authorIndex) && authorIndex >= 0 ? Math.floor(authorIndex) : 0;
  return AUTHOR_COLORS[i % AUTHOR_COLORS.length]!;
}

/**
 * A pale tint of a colour (`amount` of white mixed in, 0..1), for comment highlights and balloon fills.
 * Integer arithmetic only, so every host prints the same bytes.
 */
export function tint(hex: string, amount: number): string {
  const a = Math.min(1, Math.max(0, amount));
  return mapChannels(/^[0-9a-fA-F]{6}$/.test(hex) ? hex : '000000', (c) => c + (255 - c) * a);
}
