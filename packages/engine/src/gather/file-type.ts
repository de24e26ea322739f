/**
 * Only HTML pages are judged as pages. A link to a PDF, an archive or an image is recorded with
 * its status, type and size, and never parsed: checks on a binary body once wrote a NUL into the
 * database and ended a crawl, and a 1.2 MB PDF ran the text checks for many minutes.
 */

/** Bytes read of an answer that does not say it is HTML: enough to tell what it is. */
export const SNIFF_BYTES = 1024;

/** What a URL that is not an HTML page answered with. */
export interface FileFacts {
  /** Its media type (`application/pdf`), from its header or, when the header says HTML, its first bytes. */
  type: string;
  /** Its size (Content-Length, or what was read when whole); null when neither tells. */
  bytes: number | null;
}

const HTML_TYPE = /^\s*(text\/html|application\/xhtml\+xml)\s*(;|$)/i;

/** Whether a Content-Type header lets the body be an HTML page (absent: the body decides). */
export const mayBeHtml = (contentType: string | undefined): boolean =>
  contentType === undefined || contentType.trim() === '' || HTML_TYPE.test(contentType);

/** The body cap of a page fetch, chosen from the answer's headers: a file is not downloaded. */
export const pageBytesFor =
  (maxBytes: number) =>
  (headers: Record<string, string>): number =>
    mayBeHtml(headers['content-type']) ? maxBytes : SNIFF_BYTES;

/** File signatures that an HTML page never starts with. */
const SIGNATURES: readonly [bytes: readonly number[], type: string][] = [
  [[0x25, 0x50, 0x44, 0x46, 0x2d], 'application/pdf'],
  [[0x1f, 0x8b], 'application/gzip'],
  [[0x50, 0x4b, 0x03, 0x04], 'application/zip'],
  [[0x42, 0x5a, 0x68], 'application/x-bzip2'],
  [[0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00], 'application/x-xz'],
  [[0x89, 0x50, 0x4e, 0x47], 'image/png'],
  [[0xff, 0xd8, 0xff], 'image/jpeg'],
  [[0x47, 0x49, 0x46, 0x38], 'image/gif'],
  [[0x00, 0x00, 0x01, 0x00], 'image/x-icon'],
  [[0x77, 0x4f, 0x46, 0x32], 'font/woff2'],
  [[0x77, 0x4f, 0x46, 0x46], 'font/woff'],
];

const startsWith = (raw: Buffer, bytes: readonly number[]) =>
  raw.length >= bytes.length && bytes.every((byte, index) => raw[index] === byte);

/**
 * What the first bytes say the body is, when they say it is no text: a file signature, or, when no
 * header named a type, a NUL byte (a page declared as HTML with a stray NUL is still a page).
 */
function sniffBinary(raw: Buffer, declared: boolean): string | null {
  for (const [bytes, type] of SIGNATURES) if (startsWith(raw, bytes)) return type;
  if (startsWith(raw, [0x52, 0x49, 0x46, 0x46]) && raw.subarray(8, 12).toString('latin1') === 'WEBP')
    return 'image/webp';
  // UTF-16 text holds NUL bytes; its byte-order mark says so.
  if (declared || startsWith(raw, [0xff, 0xfe]) || startsWith(raw, [0xfe, 0xff])) return null;
  return raw.subarray(0, SNIFF_BYTES).includes(0) ? 'application/octet-stream' : null;
}

/**
 * Null for an HTML page; otherwise the file the URL answered with. A header that names another
 * type decides (a page served as `text/plain` is not indexed as a page either); a header that says
 * HTML, or none, is checked against the first bytes (an image served as `text/html`).
 */
export function fileFactsOf(response: {
  headers: Record<string, string>;
  raw: Buffer;
  bytes: number;
  truncated: boolean;
}): FileFacts | null {
  const declared = response.headers['content-type']?.trim() || undefined;
  const type = mayBeHtml(declared) ? sniffBinary(response.raw, declared !== undefined) : mediaType(declared!);
  if (type === null) return null;
  const length = Number(response.headers['content-length']);
  const bytes =
    Number.isSafeInteger(length) && length >= 0 && !response.headers['content-encoding']
      ? length
      : response.truncated
        ? null
        : response.bytes;
  return { type, bytes };
}

/** `application/pdf` of `application/pdf; qs=0.001`. */
const mediaType = (contentType: string) => contentType.split(';')[0]!.trim().toLowerCase() || 'unknown';

/** "application/pdf, 1.2 MB" as reports name a file. */
export function describeFile(file: FileFacts): string {
  return file.bytes === null ? file.type : `${file.type}, ${formatBytes(file.bytes)}`;
}

function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(bytes < 10 * 1024 ? 1 : 0)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
