import type { DocumentFile } from '@weft/nodes';
import type { ContentLimits } from '../../content-work/content-limits.js';
import { checkZip, DamagedZip } from '../../content-work/zip-guard.js';
import { DocumentProblem } from '../document-problem.js';

/**
 * The ZIP check (unpacked size declared, then inflated for real) of an .xlsx or .docx
 * before its parser opens it, a damaged archive said in the loader's words:
 * `data.xlsx: not a valid Excel file (it may be damaged or cut short)`.
 */
export async function checkOfficeZip(file: DocumentFile, limits: ContentLimits, kind: 'Excel' | 'Word', visit?: Parameters<typeof checkZip>[3]): Promise<void> {
  try {
    await checkZip(file.bytes, file.name, limits, visit);
  } catch (error) {
    if (!(error instanceof DamagedZip)) throw error;
    const why = error.oversized ? 'a part of it unpacks to more than the file declares, as zip bombs do' : 'it may be damaged or cut short';
    throw new DocumentProblem(file.name, `not a valid ${kind} file (${why})`);
  }
}
