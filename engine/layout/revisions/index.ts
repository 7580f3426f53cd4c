/**
 * Review markup of tracked changes in layout (the `markup` view): run colours and line styles per
 * author and change type, change bars beside changed lines, and table cell highlighting of inserted
 * and deleted rows and cells. In: revisions already on the DocModel (engine/docx decided what the
 * view keeps). Out: drawing properties and page items. Must not decide what text is kept: the
 * `final` / `original` views are made in engine/docx.
 */
export { CHANGE_BAR_COLOR, DELETED_CELL_FILL, INSERTED_CELL_FILL, MOVE_COLOR, revisionColor, tint } from './colors';
export { labelRevision, markupStyle, type MarkupStyle } from './markup-style';
export { changeBar, isChangedLine, CHANGE_BAR_GAP_PT, CHANGE_BAR_WIDTH_PT } from './change-bars';
export { cellMarkupFill } from './cells';
