/** Saves a Blob made or fetched in the browser as a download named `fileName`. */
export function saveFile(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later, not at once: the browser may still be reading it when click() returns.
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
