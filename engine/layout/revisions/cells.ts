/**
 * Table cell highlighting in markup: cells of an inserted row (w:trPr/w:ins, §17.13.5.19) or inserted
 * cells (w:tcPr/w:cellIns, §17.13.5.1) are filled Light Blue, of a deleted row (w:trPr/w:del) or
 * deleted cells (w:cellDel, §17.13.5.2) Light Pink — Word's "Table cell highlighting" defaults.
 */
import type { Revision } from '../../model';
import { DELETED_CELL_FILL, INSERTED_CELL_FILL } from './colors';

/**
 * The markup fill of a cell with this revision (its own, or its row's — engine/docx puts the row's on
 * every cell of a tracked row), or undefined to use the cell's own shading. Only the markup view keeps
 * revisions in the model, so the other views never get here.
 */
export function cellMarkupFill(r: Revision | undefined): string | undefined {
  if (!r) return undefined;
  if (r.type === 'insert' || r.type === 'moveTo') return INSERTED_CELL_FILL;
  if (r.type === 'delete' || r.type === 'moveFrom') return DELETED_CELL_FILL;
  return undefined;
}
