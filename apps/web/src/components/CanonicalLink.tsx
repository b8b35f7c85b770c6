export function CanonicalLink() {
  return null;
}
