/** The library version sent as `colophonVersion` in telemetry (kept equal to package.json by a test). */
export const COLOPHON_VERSION = '0.1.0';
