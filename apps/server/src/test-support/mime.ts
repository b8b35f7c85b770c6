/**
 * Just enough MIME to read the mail Weft sends (nodemailer output: a multipart/alternative
 * with a text and an HTML part, quoted-printable or base64). mailparser is not a
 * dependency, and tests must see what was really on the wire, so we decode it here.
 * Free of vitest so the browser suite can import it too.
 */

export interface ParsedMail {
  /** Header names lower-cased; repeated headers keep the first value. */
  headers: Record<string, string>;
  subject: string;
  from: string;
  to: string;
  text: string;
  html: string;
}

export function parseMail(raw: string): ParsedMail {
  const part = parsePart(raw);
  const leaves = flatten(part);
  const find = (type: string) => leaves.find((p) => contentType(p.headers).type === type);
  return {
    headers: part.headers,
    subject: decodeWords(part.headers.subject ?? ''),
    from: decodeWords(part.headers.from ?? ''),
    to: decodeWords(part.headers.to ?? ''),
    text: find('text/plain') ? decodeBody(find('text/plain') as Part) : '',
    html: find('text/html') ? decodeBody(find('text/html') as Part) : '',
  };
}

/** The first http(s) link in the mail's text part whose path starts with `pathPrefix`. */
export function findLink(mail: Pick<ParsedMail, 'text' | 'html'>, pathPrefix: string): string | undefined {
  for (const body of [mail.text, mail.html]) {
    for (const match of body.matchAll(/https?:\/\/[^\s"'<>]+/g)) {
      const url = new URL(match[0].replace(/&amp;/g, '&'));
      if (url.pathname.startsWith(pathPrefix)) return url.toString();
    }
  }
  return undefined;
}

interface Part {
  headers: Record<string, string>;
  body: string;
  children: Part[];
}

function parsePart(raw: string): Part {
  const text = raw.replace(/\r\n/g, '\n');
  const split = text.indexOf('\n\n');
  const head = split === -1 ? text : text.slice(0, split);
  const body = split === -1 ? '' : text.slice(split + 2);
  const headers: Record<string, string> = {};
  // Folded header lines continue with whitespace (RFC 5322 section 2.2.3).
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    headers[name] ??= line.slice(colon + 1).trim();
  }
  const { type, params } = contentType(headers);
  const children: Part[] = [];
  if (type.startsWith('multipart/') && params.boundary) {
    const delimiter = `--${params.boundary}`;
    const sections = body.split(delimiter).slice(1);
    for (const section of sections) {
      if (section.startsWith('--')) break;
      children.push(parsePart(section.replace(/^\n/, '').replace(/\n$/, '')));
    }
  }
  return { headers, body, children };
}

function flatten(part: Part): Part[] {
  return part.children.length === 0 ? [part] : part.children.flatMap(flatten);
}

function contentType(headers: Record<string, string>): { type: string; params: Record<string, string> } {
  const [type = 'text/plain', ...rest] = (headers['content-type'] ?? 'text/plain').split(';');
  const params: Record<string, string> = {};
  for (const param of rest) {
    const eq = param.indexOf('=');
    if (eq > 0)
      params[param.slice(0, eq).trim().toLowerCase()] = param
        .slice(eq + 1)
        .trim()
        .replace(/^"|"$/g, '');
  }
  return { type: type.trim().toLowerCase(), params };
}

function decodeBody(part: Part): string {
  const encoding = (part.headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  const charset = (contentType(part.headers).params.charset ?? 'utf-8').toLowerCase();
  const bytes =
    encoding === 'base64'
      ? Buffer.from(part.body.replace(/\s+/g, ''), 'base64')
      : encoding === 'quoted-printable'
        ? decodeQuotedPrintable(part.body)
        : Buffer.from(part.body, 'utf8');
  return new TextDecoder(charset).decode(bytes);
}

/** RFC 2045 section 6.7: `=XX` is a byte, `=` at a line end is a soft break. */
export function decodeQuotedPrintable(input: string): Buffer {
  const joined = input.replace(/[ \t]+$/gm, '').replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const char = joined[i] as string;
    const hex = joined.slice(i + 1, i + 3);
    if (char === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(char, 'utf8'));
    }
  }
  return Buffer.from(bytes);
}

/** RFC 2047 encoded words in headers, e.g. `=?UTF-8?Q?Reset_your_password?=`. */
export function decodeWords(value: string): string {
  return value.replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=(\s+(?==\?))?/g, (_all, charset: string, kind: string, data: string) => {
    // Q's "_" is a space, and one at a word's end counts (body QP drops trailing blanks).
    const bytes = kind.toUpperCase() === 'B' ? Buffer.from(data, 'base64') : decodeQuotedPrintable(data.replace(/_/g, '=20'));
    return new TextDecoder(charset.toLowerCase()).decode(bytes);
  });
}
