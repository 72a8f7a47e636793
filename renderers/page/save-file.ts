import type { DownloadedFile } from '../../api/run.ts';

/** Hands a downloaded file to the browser's save, under the name the server gave it. */
export function saveFile(file: DownloadedFile): void {
  const url = URL.createObjectURL(file.blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked once the click has been handled, so the save can still read it.
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
}
