/**
 * core: diagnostics and results, the engine host, units, the PDF number formatter, bounded caches and the DrawingML preset dash table.
 * In: nothing but plain values. Out: small helpers every other folder uses.
 * Must not: import any other engine folder, or touch I/O, clocks or randomness.
 */
export * from './diagnostics';
export * from './host';
export * from './units';
export * from './pdf-number';
export * from './limits';
export * from './bytes';
export * from './hex-color';
export * from './strings';
export * from './ellipse-arc';
export * from './preset-dashes';
export * from './generations';
