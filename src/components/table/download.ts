/** Hands `text` to the browser as a downloaded file named `fileName`. */
export function downloadText(fileName: string, text: string, mimeType: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: mimeType }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser the time to start the download before the URL goes.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** `2026-11-24T02:40:05.123Z` → `2026-11-24T02-40-05`: a file name every system accepts. */
export const fileStamp = (iso: string) => iso.slice(0, 19).replace(/:/g, '-');
