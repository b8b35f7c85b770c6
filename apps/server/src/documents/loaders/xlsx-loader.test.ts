import { describe, expect, it } from 'vitest';
import { sampleDocx, sampleXlsx, truncated, utf8 } from '../../test-support/sample-documents.js';
import { parseDocument } from '../parse-document.js';

const workbook = () =>
  sampleXlsx({
    People: [['name', 'team', 'started'], ['Ada', 'Platform', new Date(Date.UTC(2024, 2, 1))], [], ['Grace', { formula: 'UPPER("ops")', result: 'OPS' }, null]],
    Teams: [
      ['team', 'lead'],
      ['Platform', 'Ada'],
    ],
  });

describe('Excel loader', () => {
  it('reads the first sheet by default: one document per row, with sheet and row numbers as Excel shows them', async () => {
    expect(await parseDocument({ name: 'staff.xlsx', bytes: await workbook() })).toEqual([
      { text: 'name: Ada\nteam: Platform\nstarted: 2024-03-01', metadata: { source: 'staff.xlsx', sheet: 'People', row: 2 } },
      { text: 'name: Grace\nteam: OPS', metadata: { source: 'staff.xlsx', sheet: 'People', row: 4 } },
    ]);
  });

  it('reads the sheet it is told to, matching its name without regard to case', async () => {
    const documents = await parseDocument({ name: 'staff.xlsx', bytes: await workbook() }, { sheet: 'teams' });
    expect(documents).toEqual([{ text: 'team: Platform\nlead: Ada', metadata: { source: 'staff.xlsx', sheet: 'Teams', row: 2 } }]);
  });

  it('names the sheets there are when the chosen one is missing', async () => {
    await expect(parseDocument({ name: 'staff.xlsx', bytes: await workbook() }, { sheet: 'Budget' })).rejects.toThrow(
      'staff.xlsx: there is no sheet "Budget"; its sheets are "People", "Teams"',
    );
  });

  it('fails on empty sheets and sheets with only a header', async () => {
    const bytes = await sampleXlsx({ Blank: [], Header: [['a', 'b']] });
    await expect(parseDocument({ name: 'data.xlsx', bytes })).rejects.toThrow('data.xlsx: sheet "Blank" is empty');
    await expect(parseDocument({ name: 'data.xlsx', bytes }, { sheet: 'Header' })).rejects.toThrow('data.xlsx: sheet "Header" has no rows below its header');
  });

  it('refuses damaged files and files that are something else', async () => {
    const bytes = await workbook();
    await expect(parseDocument({ name: 'data.xlsx', bytes: truncated(bytes) })).rejects.toThrow('data.xlsx: not a valid Excel file');
    await expect(parseDocument({ name: 'data.xlsx', bytes: utf8('name,team\nAda,Platform\n') })).rejects.toThrow('data.xlsx: not a valid Excel file');
    await expect(parseDocument({ name: 'data.xlsx', bytes: await sampleDocx(['Not a sheet']) })).rejects.toThrow(
      'data.xlsx: not a valid Excel file (it looks like a Word document)',
    );
    await expect(parseDocument({ name: 'data.xlsx', bytes: new Uint8Array(0) })).rejects.toThrow('data.xlsx: the file is empty');
  });

  it('says a password-protected workbook (an OLE container) needs its password removed', async () => {
    const ole = new Uint8Array(1024);
    ole.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    await expect(parseDocument({ name: 'budget.xlsx', bytes: ole })).rejects.toThrow(
      'budget.xlsx: the workbook is password-protected or in the old .xls format; save it as .xlsx without a password',
    );
  });

  it('refuses old .xls files with what to do instead', async () => {
    await expect(parseDocument({ name: 'old.xls', bytes: utf8('whatever') })).rejects.toThrow(
      'old.xls: old Excel files (.xls) cannot be read: save it as .xlsx and upload that',
    );
  });
});
