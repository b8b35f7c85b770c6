/**
 * One table row as text, a `header: value` line per filled cell, so a chunk of it still
 * says what each value is. Cells under no header are named by their column ("Column 4").
 */
export function rowText(headers: readonly string[], cells: readonly string[]): string {
  const lines: string[] = [];
  cells.forEach((cell, index) => {
    const value = cell.trim();
    if (value === '') return;
    const header = headers[index]?.trim() || `Column ${index + 1}`;
    lines.push(`${header}: ${value}`);
  });
  return lines.join('\n');
}
