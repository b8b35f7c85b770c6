/**
 * Avatar initials (SPEC.md section 2): first letters of first and last name; else the
 * first two letters of the e-mail; else `NF`.
 */
export function initialsFor(displayName: string | null | undefined, email: string | null | undefined): string {
  const words = (displayName ?? '').trim().split(/\s+/).filter(Boolean);
  const first = words[0];
  const last = words[words.length - 1];
  if (words.length >= 2 && first && last) return (leadingLetter(first) + leadingLetter(last)).toUpperCase();
  const mail = (email ?? '').trim();
  if (mail.length >= 2) return Array.from(mail).slice(0, 2).join('').toUpperCase();
  return 'NF';
}

function leadingLetter(word: string): string {
  return Array.from(word)[0] ?? '';
}
