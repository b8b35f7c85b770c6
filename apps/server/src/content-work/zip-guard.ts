import type { Readable } from 'node:stream';
import yauzl from 'yauzl';
import { type ContentLimits, count, overLimit } from './content-limits.js';

/** A ZIP that yauzl cannot read (damaged, cut short, not a ZIP): the loader says so in its own words. */
export class DamagedZip extends Error {
  override readonly name = 'DamagedZip';

  /** An entry inflated to more than the directory declares: a zip bomb's lie, stopped at the declared size. */
  get oversized(): boolean {
    return this.message.startsWith('too many bytes');
  }
}

/**
 * Reads an Office file's ZIP the way its parser will (central directory, then each entry's
 * data), before the parser does, so a ZIP bomb is refused instead of inflated:
 * - the sizes the central directory declares must add up to at most `maxUnpackedBytes`,
 *   checked before anything is inflated;
 * - every entry is then inflated for real (native zlib, streamed, nothing kept) and may not
 *   give a byte more than it declares (yauzl's size check), so a directory that lies is
 *   caught after at most its declared size.
 * `wanted` entries are handed whole to `visit` (the workbook census reads the sheets so);
 * the others are only counted. Costs one extra inflation, native and fast next to parsing.
 */
export async function checkZip(
  bytes: Uint8Array,
  subject: string,
  limits: ContentLimits,
  visit?: { wanted(name: string): boolean; entry(name: string, data: Buffer): void },
): Promise<void> {
  const zip = await openZip(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  try {
    const entries = await readEntries(zip);
    const declared = entries.reduce((sum, entry) => sum + entry.uncompressedSize, 0);
    if (declared > limits.maxUnpackedBytes) {
      throw overLimit(subject, 'maxUnpackedBytes', limits, `it unpacks to ${count(declared / (1024 * 1024))} MB`);
    }
    for (const entry of entries) {
      if (entry.fileName.endsWith('/')) continue;
      const keep = visit?.wanted(entry.fileName) ?? false;
      const data = await inflate(zip, entry, keep);
      if (keep && data) visit?.entry(entry.fileName, data);
    }
  } finally {
    zip.close();
  }
}

function openZip(buffer: Buffer): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    // Names are decoded here, not by yauzl: it refuses names like "/xl/workbook.xml" that Office readers accept.
    yauzl.fromBuffer(buffer, { lazyEntries: true, decodeStrings: false, validateEntrySizes: true }, (error, zip) => {
      if (error || !zip) reject(new DamagedZip(error?.message ?? 'not a ZIP file'));
      else resolve(zip);
    });
  });
}

interface ZipEntry {
  readonly entry: yauzl.Entry;
  readonly fileName: string;
  readonly uncompressedSize: number;
}

function readEntries(zip: yauzl.ZipFile): Promise<ZipEntry[]> {
  return new Promise((resolve, reject) => {
    const entries: ZipEntry[] = [];
    zip.on('entry', (entry: yauzl.Entry) => {
      const raw = entry.fileName as unknown as Buffer;
      // Office writes UTF-8 names; the name only decides which entries the census reads.
      entries.push({ entry, fileName: raw.toString('utf8').replace(/^\/+/, ''), uncompressedSize: entry.uncompressedSize });
      zip.readEntry();
    });
    zip.once('end', () => resolve(entries));
    zip.once('error', (error: Error) => reject(new DamagedZip(error.message)));
    zip.readEntry();
  });
}

/** Inflates one entry, its declared size enforced; the bytes when `keep`, else only their count. */
function inflate(zip: yauzl.ZipFile, { entry }: ZipEntry, keep: boolean): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream: Readable | undefined) => {
      if (error || !stream) {
        reject(new DamagedZip(error?.message ?? 'unreadable entry'));
        return;
      }
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => {
        if (keep) chunks.push(chunk);
      });
      stream.once('error', (streamError: Error) => {
        stream.destroy();
        reject(new DamagedZip(streamError.message));
      });
      stream.once('end', () => resolve(keep ? Buffer.concat(chunks) : undefined));
    });
  });
}
