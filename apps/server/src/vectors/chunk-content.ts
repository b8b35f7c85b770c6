import { createHash } from 'node:crypto';

/**
 * Where a chunk came from, for results and for its content hash: the `source` its loader
 * put in the metadata (a file name or URL), else `url`; absent for hand-made chunks.
 */
export function chunkSource(metadata: Readonly<Record<string, unknown>>): string | null {
  for (const key of ['source', 'url'] as const) {
    const value = metadata[key];
    if (typeof value === 'string' && value.trim() !== '') return value;
  }
  return null;
}

/**
 * The key that makes a chunk "already stored": SHA-256 of its source and text. The same
 * passage from two documents is two chunks (each result names its own source); the same
 * document indexed again matches what is there, whatever else its metadata says (a load
 * time, say).
 */
export function contentHash(source: string | null, text: string): string {
  return createHash('sha256')
    .update(source ?? '')
    .update('\u0000')
    .update(text)
    .digest('hex');
}

/** float32, little-endian as on every platform Weft runs on: 4 bytes a dimension. */
export function encodeEmbedding(vector: readonly number[]): Buffer {
  const floats = Float32Array.from(vector);
  return Buffer.from(floats.buffer, floats.byteOffset, floats.byteLength);
}

export function decodeEmbedding(bytes: Uint8Array): Float32Array {
  // A Float32Array view needs a 4-byte aligned offset; a driver's buffer may be a slice of a larger one.
  if (bytes.byteOffset % 4 === 0) return new Float32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4);
  return new Float32Array(Uint8Array.prototype.slice.call(bytes).buffer);
}
