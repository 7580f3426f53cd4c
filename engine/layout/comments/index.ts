/**
 * Comments in layout (`comments: 'show'`): commented stretches shaded in the author's pale colour,
 * balloons in a markup area right of the scaled-down page, each tied to its anchor. In: the DocModel's
 * comments and comment marks. Out: page items. Must not change how the body flows: with `hide` (the
 * default) nothing here runs.
 */
export { localizeCommentRanges, type CommentRanges } from './ranges';
export { CommentLayer, type CommentAnchor } from './layer';
export { CommentMargin, balloonHeadingFaces, initialsOf, MARKUP_AREA_PT, type FramedPage } from './margin';
export { stackBalloons, balloonBlocks } from './balloons';
