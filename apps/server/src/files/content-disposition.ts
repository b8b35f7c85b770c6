/**
 * `attachment; filename="…"; filename*=UTF-8''…` (RFC 6266): the browser saves the file
 * under its name and never shows it in the page. The plain `filename` is an ASCII stand-in
 * for old clients (anything else, quotes and backslashes become `_`); `filename*` carries
 * the real name, percent-encoded, so no character of it can end the header or add a parameter.
 */
export function attachmentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
