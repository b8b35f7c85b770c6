/**
 * A file the Document Loader cannot read. The message always starts with the file's name
 * (or the page's URL), so a run that loads several files says which one failed, and then
 * says what is wrong in words a person can act on: `report.pdf: the PDF is password-protected`.
 */
export class DocumentProblem extends Error {
  constructor(
    readonly fileName: string,
    readonly problem: string,
  ) {
    super(`${fileName}: ${problem}`);
    this.name = 'DocumentProblem';
  }
}
