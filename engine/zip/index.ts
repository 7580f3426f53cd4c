/**
 * zip: reading and writing the zip container of OPC packages, and the deflate writer PDF streams use.
 * In: package bytes and limits. Out: lazily inflated entries; or a deterministic archive.
 * Must not: use entry names as file paths, inflate past declared sizes, or read past the input.
 */
export { adler32 } from './deflate';
export { deflateZlib } from './deflate-kernel';
export { openZip, type Crc32, type InflateRaw, type ZipArchive, type ZipEntry } from './read';
export { writeZip, type ZipInput } from './write';
