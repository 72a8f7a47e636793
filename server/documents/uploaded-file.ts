/**
 * What every upload checks of a file the same way: whether its bytes are text (a CSV or an e-mail has no
 * signature to sniff), and the name it is kept under.
 */

/** UTF-8 text without NUL bytes (what a CSV file is; a binary file with a .csv name is not). */
export function isUtf8Text(content: Buffer): boolean {
  if (content.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(content);
    return true;
  } catch {
    return false;
  }
}

/** The name kept for a file: its base name only, without quotes or control characters, at most 200 characters. */
export function keptFileName(name: string): string {
  return (name.split(/[\\/]/).pop() ?? '').replace(/["\p{Cc}]/gu, '').trim().slice(0, 200);
}

/**
 * The Content-Disposition of a download under a name people gave the file: a plain ASCII name for old clients
 * and the exact name URI-encoded (RFC 6266 filename*), so a name with accents or quotes never breaks the header.
 */
export function attachmentDisposition(fileName: string): string {
  return `attachment; filename="${fileName.replace(/[^\x20-\x7e]|"/g, '_')}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
