export function ConfirmDialog() {
  return null;
}
