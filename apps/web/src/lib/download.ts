/** A file name from a user-chosen title: characters file systems refuse become "-". */
export function safeFileName(name: string, fallback = 'workflow'): string {
  const cleaned = Array.from(name)
    .map((ch) => (/[\\/:*?"<>|]/.test(ch) || ch.charCodeAt(0) < 32 ? '-' : ch))
    .join('')
    .trim()
    .replace(/^\.+/, '');
  return cleaned || fallback;
}

/** Saves `data` as a pretty-printed JSON file through the browser's download. */
export function downloadJson(fileName: string, data: unknown): void {
  const blob = new Blob([`${JSON.stringify(data, null, 2)}\n`], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoke after the click has been handled, or some browsers cancel the download.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
