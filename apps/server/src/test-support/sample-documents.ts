import { createCipheriv, createHash, randomBytes } from 'node:crypto';
import { Document, HeadingLevel, Packer, Paragraph } from 'docx';
import ExcelJS from 'exceljs';
import { PDFDocument, PDFHexString, PDFRawStream, PDFStream, StandardFonts } from 'pdf-lib';

/**
 * Real sample files for the document tests, made by the libraries people's tools use to
 * write them (pdf-lib, docx, exceljs), so the loaders meet what they will meet in use.
 * Every maker gives fresh bytes; nothing is committed.
 */

/** A PDF with one page per entry, each line of an entry drawn as a line of text; an empty entry is a blank page. */
export async function samplePdf(pages: readonly string[], options: { metadata?: boolean } = {}): Promise<Uint8Array> {
  const pdf = await PDFDocument.create({ updateMetadata: options.metadata ?? true });
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (const text of pages) {
    const page = pdf.addPage([420, 595]);
    let y = 550;
    for (const line of text === '' ? [] : text.split('\n')) {
      page.drawText(line, { x: 30, y, size: 11, font });
      y -= 15;
    }
  }
  return pdf.save();
}

/**
 * A PDF encrypted as Acrobat does with AES-256 (standard security handler, revision 5):
 * opening it takes `userPassword`. No library here writes encrypted PDFs, so the
 * encryption dictionary is computed with node:crypto (ISO 32000-2 §7.6.4, algorithms 8–10)
 * and every stream is AES-256-CBC encrypted with the file key. A test that opens it with
 * the password proves it is the real thing.
 */
export async function encryptedPdf(pages: readonly string[], userPassword = 'secret'): Promise<Uint8Array> {
  // No Info dictionary: its strings would need encrypting too, and nothing here needs it.
  const pdf = await PDFDocument.load(await samplePdf(pages, { metadata: false }), { updateMetadata: false });
  const context = pdf.context;
  const fileKey = randomBytes(32);
  for (const [ref, object] of context.enumerateIndirectObjects()) {
    if (object instanceof PDFStream) context.assign(ref, PDFRawStream.of(object.dict, aesCbc(fileKey, object.getContents())));
  }
  const ownerPassword = randomBytes(12);
  const user = passwordEntries(Buffer.from(userPassword, 'utf8'), fileKey, Buffer.alloc(0));
  const owner = passwordEntries(ownerPassword, fileKey, user.hash);
  const permissions = -4; // every permission
  const perms = Buffer.alloc(16);
  perms.writeInt32LE(permissions, 0);
  perms.writeUInt32LE(0xffffffff, 4);
  perms.write('Tadb', 8, 'latin1');
  randomBytes(4).copy(perms, 12);
  const encrypt = context.obj({
    Filter: 'Standard',
    V: 5,
    R: 5,
    Length: 256,
    P: permissions,
    CF: { StdCF: { AuthEvent: 'DocOpen', CFM: 'AESV3', Length: 32 } },
    StmF: 'StdCF',
    StrF: 'StdCF',
    U: hex(user.hash),
    UE: hex(user.keyEntry),
    O: hex(owner.hash),
    OE: hex(owner.keyEntry),
    Perms: hex(aesEcb(fileKey, perms)),
  });
  context.trailerInfo.Encrypt = context.register(encrypt);
  const id = hex(randomBytes(16));
  context.trailerInfo.ID = context.obj([id, id]);
  // Object streams would hide objects inside an encrypted stream that readers must decrypt first: keep them flat.
  return pdf.save({ useObjectStreams: false, updateFieldAppearances: false });
}

/** The U/UE (or O/OE) pair of revision 5: a salted SHA-256 of the password, and the file key encrypted with another. */
function passwordEntries(password: Buffer, fileKey: Buffer, extra: Buffer): { hash: Buffer; keyEntry: Buffer } {
  const validationSalt = randomBytes(8);
  const keySalt = randomBytes(8);
  const hash = Buffer.concat([sha256(password, validationSalt, extra), validationSalt, keySalt]);
  const cipher = createCipheriv('aes-256-cbc', sha256(password, keySalt, extra), Buffer.alloc(16)).setAutoPadding(false);
  return { hash, keyEntry: Buffer.concat([cipher.update(fileKey), cipher.final()]) };
}

function sha256(...parts: Buffer[]): Buffer {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part);
  return hash.digest();
}

/** A stream's bytes as AESV3 stores them: a random IV, then AES-256-CBC with PKCS#7 padding. */
function aesCbc(key: Buffer, data: Uint8Array): Uint8Array {
  const iv = randomBytes(16);
  const cipher = createCipheriv('aes-256-cbc', key, iv);
  return Buffer.concat([iv, cipher.update(data), cipher.final()]);
}

function aesEcb(key: Buffer, block: Buffer): Buffer {
  const cipher = createCipheriv('aes-256-ecb', key, null).setAutoPadding(false);
  return Buffer.concat([cipher.update(block), cipher.final()]);
}

function hex(bytes: Buffer): PDFHexString {
  return PDFHexString.of(bytes.toString('hex'));
}

/** A Word document: an optional heading, then one paragraph per entry. */
export async function sampleDocx(paragraphs: readonly string[], heading?: string): Promise<Uint8Array> {
  const children = [
    ...(heading ? [new Paragraph({ text: heading, heading: HeadingLevel.HEADING_1 })] : []),
    ...paragraphs.map((text) => new Paragraph({ text })),
  ];
  return new Uint8Array(await Packer.toBuffer(new Document({ sections: [{ children }] })));
}

/** An Excel workbook with a sheet per entry, each a list of rows (the first usually the header). */
export async function sampleXlsx(sheets: Readonly<Record<string, readonly (readonly ExcelJS.CellValue[])[]>>): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  for (const [name, rows] of Object.entries(sheets)) {
    const sheet = workbook.addWorksheet(name);
    rows.forEach((row, index) => {
      sheet.getRow(index + 1).values = [...row];
    });
  }
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

export function utf8(text: string): Uint8Array {
  return new TextEncoder().encode(text);
}

/** The first `fraction` of a file: what a cut-off upload or download leaves. */
export function truncated(bytes: Uint8Array, fraction = 0.5): Uint8Array {
  return bytes.slice(0, Math.floor(bytes.length * fraction));
}
