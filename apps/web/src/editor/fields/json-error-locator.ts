/**
 * Finds where and why a JSON text is invalid. `JSON.parse` messages differ between
 * browsers and often carry no position ("Unexpected token 'o', …"), so the JSON field
 * runs this small scanner after a failed parse to say "line 3, column 8: expected a
 * value" the same way everywhere.
 */
export interface JsonErrorLocation {
  line: number;
  column: number;
  message: string;
}

class Found extends Error {
  constructor(
    readonly offset: number,
    message: string,
  ) {
    super(message);
  }
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

/** The first error in `text`, or `null` when the text is valid JSON. */
export function locateJsonError(text: string): JsonErrorLocation | null {
  let pos = 0;
  const fail = (message: string): never => {
    throw new Found(pos, pos >= text.length ? 'the text ends too early' : message);
  };
  const ws = () => {
    while (pos < text.length && ' \t\n\r'.includes(text.charAt(pos))) pos += 1;
  };
  const expect = (char: string, what: string) => {
    if (text[pos] !== char) fail(`expected ${what}`);
    pos += 1;
  };
  const string = () => {
    expect('"', 'a string in double quotes');
    while (pos < text.length) {
      const c = text.charAt(pos);
      if (c === '"') {
        pos += 1;
        return;
      }
      if (c === '\\') {
        const escaped = text.charAt(pos + 1);
        if (escaped === 'u' && /^[0-9a-fA-F]{4}$/.test(text.slice(pos + 2, pos + 6))) pos += 6;
        else if (escaped !== '' && '"\\/bfnrt'.includes(escaped)) pos += 2;
        else {
          pos += 1;
          fail('unknown escape after “\\” (use \\n, \\t, \\" or \\\\)');
        }
      } else if (c < ' ') fail('line breaks inside a string must be written \\n');
      else pos += 1;
    }
    fail('the string is not closed');
  };
  const value = (): void => {
    ws();
    const c = text.charAt(pos);
    if (c === '{' || c === '[' || c === '"') {
      if (c === '{') object();
      else if (c === '[') array();
      else string();
      return;
    }
    for (const literal of ['true', 'false', 'null']) {
      if (text.startsWith(literal, pos)) {
        pos += literal.length;
        return;
      }
    }
    NUMBER.lastIndex = pos;
    const number = NUMBER.exec(text);
    if (number) {
      pos += number[0].length;
      return;
    }
    if (c === "'") fail('strings need double quotes');
    fail('expected a value (text in double quotes, a number, true, false, null, an object or a list)');
  };
  // An object's members or a list's items: from the opening bracket, entries separated by
  // commas, through `close`. Objects and lists differ only in what one entry is.
  const entries = (close: '}' | ']', entry: () => void) => {
    pos += 1;
    ws();
    if (text[pos] === close) {
      pos += 1;
      return;
    }
    for (;;) {
      ws();
      entry();
      ws();
      if (text[pos] === ',') {
        pos += 1;
        continue;
      }
      expect(close, `“,” or “${close}”`);
      return;
    }
  };
  const object = () =>
    entries('}', () => {
      if (text[pos] !== '"') fail(text[pos] === '}' ? 'remove the comma before “}”' : 'expected a property name in double quotes');
      string();
      ws();
      expect(':', '“:” after the property name');
      value();
    });
  const array = () =>
    entries(']', () => {
      if (text[pos] === ']') fail('remove the comma before “]”');
      value();
    });
  try {
    value();
    ws();
    if (pos < text.length) fail('unexpected text after the end of the JSON value');
    return null;
  } catch (error) {
    if (!(error instanceof Found)) throw error;
    const before = text.slice(0, error.offset);
    const line = before.split('\n').length;
    return { line, column: error.offset - before.lastIndexOf('\n'), message: error.message };
  }
}
