/**
 * model: the data types between stages — DocModel (parseDocx → layoutDocument) and LayoutDoc
 * (layoutDocument → renderPdf / renderCanvas). Types only: no code, no XML, no layout.
 */
export type * from './props';
export type * from './content';
export type * from './table';
export type * from './drawing';
export type * from './document';
export type * from './chart';
export type * from './math';
export type * from './layout-doc';
