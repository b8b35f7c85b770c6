import { describe, expect, it } from 'vitest';
import { safeReturnPath, templateOf } from './return-path';

describe('return path after sign-in', () => {
  it('keeps a path of this app, with its query and hash', () => {
    expect(safeReturnPath('/editor?template=daily-summary')).toBe('/editor?template=daily-summary');
    expect(safeReturnPath('/workflow/abc?execution=e1#x')).toBe('/workflow/abc?execution=e1#x');
    expect(safeReturnPath('/settings')).toBe('/settings');
    // Encoded, a line break is only part of a path: the router shows its 404.
    expect(safeReturnPath('/%0d%0aSet-Cookie')).toBe('/%0d%0aSet-Cookie');
  });

  it('refuses anything that could leave the app, and the login page itself', () => {
    for (const raw of [
      'https://evil.example/',
      '//evil.example/editor',
      '/\\evil.example',
      '\\\\evil.example',
      'javascript:alert(1)',
      'editor',
      '',
      '/login?next=/editor',
      '/editor\n',
      `/${'a'.repeat(2001)}`,
      null,
      42,
    ]) {
      expect(safeReturnPath(raw)).toBeNull();
    }
  });

  it('names the template a path opens', () => {
    expect(templateOf('/editor?template=daily-summary')).toBe('daily-summary');
    expect(templateOf('/editor')).toBeNull();
    expect(templateOf('/workflow/abc?template=x')).toBeNull();
    expect(templateOf(null)).toBeNull();
  });
});
