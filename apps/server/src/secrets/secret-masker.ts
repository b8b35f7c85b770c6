import { SECRET_MASK as MASK, MIN_MASKED_LENGTH } from '@weft/core';

export interface SecretMasker {
  /** `text` with every occurrence of every secret value replaced by MASK. */
  maskText(text: string): string;
  /**
   * A copy of `value` with maskText applied to every string (object keys included) of
   * plain objects, arrays and errors; numbers that spell a secret become masked text.
   * Other objects (dates, buffers, class instances) are kept as they are. Without any
   * values to mask it returns `value` itself.
   */
  maskDeep<T>(value: T): T;
  /**
   * For text that arrives in pieces (streamed tokens): `safe` is what can be shown now,
   * masked; `held` is the tail kept back, because a secret may begin in it and end in a
   * piece still to come: only a tail that begins some secret is held (so plain text
   * streams at once), never longer than the longest secret form less one, and no secret
   * is cut between the two.
   */
  splitStream(text: string): { safe: string; held: string };
}

/**
 * Builds a masker for one run's secrets.
 *
 * Every character that belongs to any occurrence of any value is covered: occurrences are
 * found for each value (overlapping ones too) and the covered ranges merged, so values that
 * contain or overlap one another leave no tail visible — a stronger rule than replacing
 * the longest first. Each value is also looked for as it appears inside JSON text
 * (escaped quotes, backslashes, newlines), URL-encoded, reversed, as hex (either case) and
 * as base64 (standard or URL-safe, at any of the three byte alignments it can have inside
 * a longer encoded text, as in a Basic auth header): code that returns `btoa(secret)` must
 * not show it in the log.
 *
 * Not caught: other transformations (encryption, hashes, every other character), a value
 * split across separately masked pieces (streamed tokens): mask assembled text as well.
 * Inside base64 the one or two characters that encode a value's edge together with its
 * neighbours stay visible. A value containing "•" may leave part of itself next to a mask.
 */
export function createSecretMasker(values: Iterable<string>): SecretMasker {
  const needles = searchForms(values);
  if (needles.length === 0) return { maskText: (text) => text, maskDeep: (value) => value, splitStream: (text) => ({ safe: text, held: '' }) };
  const longest = Math.max(...needles.map((needle) => needle.length));

  const maskText = (text: string): string => {
    if (text.length < MIN_MASKED_LENGTH) return text;
    const ranges: [number, number][] = [];
    for (const needle of needles) {
      for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + 1)) ranges.push([at, at + needle.length]);
    }
    if (ranges.length === 0) return text;
    ranges.sort((a, b) => a[0] - b[0]);
    let out = '';
    let cursor = 0;
    let index = 0;
    while (index < ranges.length) {
      const [start, firstEnd] = ranges[index] as [number, number];
      let end = firstEnd;
      index += 1;
      while (index < ranges.length && (ranges[index] as [number, number])[0] <= end) {
        end = Math.max(end, (ranges[index] as [number, number])[1]);
        index += 1;
      }
      out += text.slice(cursor, start) + MASK;
      cursor = end;
    }
    return out + text.slice(cursor);
  };

  const walk = (value: unknown, seen: WeakMap<object, unknown>): unknown => {
    if (typeof value === 'string') return maskText(value);
    if (typeof value === 'number' || typeof value === 'bigint') {
      const text = String(value);
      const masked = maskText(text);
      return masked === text ? value : masked;
    }
    if (typeof value !== 'object' || value === null) return value;
    const done = seen.get(value);
    if (done !== undefined) return done;
    if (Array.isArray(value)) {
      const copy: unknown[] = [];
      seen.set(value, copy);
      for (const item of value) copy.push(walk(item, seen));
      return copy;
    }
    if (value instanceof Error) {
      const copy = new Error(maskText(value.message));
      seen.set(value, copy);
      copy.name = value.name;
      copy.stack = value.stack === undefined ? undefined : maskText(value.stack);
      if (value.cause !== undefined) copy.cause = walk(value.cause, seen);
      copyEntries(value, copy, seen);
      return copy;
    }
    const prototype = Object.getPrototypeOf(value);
    if (prototype !== Object.prototype && prototype !== null) return value;
    const copy = Object.create(prototype) as object;
    seen.set(value, copy);
    copyEntries(value, copy, seen);
    return copy;
  };

  // defineProperty, not assignment: a key "__proto__" (JSON.parse makes such) stays a key.
  const copyEntries = (from: object, to: object, seen: WeakMap<object, unknown>) => {
    for (const [key, item] of Object.entries(from)) {
      Object.defineProperty(to, maskText(key), { value: walk(item, seen), enumerable: true, writable: true, configurable: true });
    }
  };

  const splitStream = (text: string): { safe: string; held: string } => {
    // Keep back only a tail that could be the start of a secret (the longest such); then
    // move the cut before any whole secret that would straddle it (repeating, since moving
    // it can make another straddle).
    let cut = text.length;
    for (let size = Math.min(longest - 1, text.length); size > 0; size--) {
      const tail = text.slice(text.length - size);
      if (needles.some((needle) => needle.startsWith(tail))) {
        cut = text.length - size;
        break;
      }
    }
    for (let moved = true; moved && cut > 0; ) {
      moved = false;
      for (const needle of needles) {
        for (let at = text.indexOf(needle, Math.max(0, cut - needle.length + 1)); at !== -1 && at < cut; at = text.indexOf(needle, at + 1)) {
          if (at + needle.length > cut) {
            cut = at;
            moved = true;
          }
        }
      }
    }
    return { safe: maskText(text.slice(0, cut)), held: text.slice(cut) };
  };

  return { maskText, maskDeep: <T>(value: T): T => walk(value, new WeakMap()) as T, splitStream };
}

/** The strings to look for: each value as is, JSON-escaped, URL-encoded and in the common encodings; long enough only. */
function searchForms(values: Iterable<string>): string[] {
  const forms = new Set<string>();
  for (const value of values) {
    if (value.length < MIN_MASKED_LENGTH) continue;
    forms.add(value);
    forms.add(JSON.stringify(value).slice(1, -1));
    forms.add(encodeURIComponent(value));
    forms.add([...value].reverse().join(''));
    const bytes = Buffer.from(value, 'utf8');
    const hex = bytes.toString('hex');
    forms.add(hex);
    forms.add(hex.toUpperCase());
    for (const form of base64Forms(bytes)) forms.add(form);
  }
  return [...forms].filter((form) => form.length >= MIN_MASKED_LENGTH);
}

/**
 * The base64 text that encodes `bytes` wherever they sit in a longer encoded text. Base64
 * turns each 3 bytes into 4 characters, so the value's bytes start at one of three offsets
 * within a group; for each, the characters of the groups made of the value's bytes alone
 * (the straddling groups at either edge also depend on unknown neighbours).
 */
function base64Forms(bytes: Buffer): string[] {
  const forms: string[] = [];
  for (let skip = 0; skip < 3; skip++) {
    const whole = Math.floor((bytes.length - skip) / 3) * 3;
    if (whole < 3) continue;
    const group = bytes.subarray(skip, skip + whole);
    forms.push(group.toString('base64'), group.toString('base64url'));
  }
  return forms;
}
