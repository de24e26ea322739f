import { TextDecoder } from 'node:util';

/** The charset named in a Content-Type header, lower-cased, or null. */
export function charsetFromContentType(contentType: string | null | undefined): string | null {
  if (!contentType) return null;
  const match = /;\s*charset\s*=\s*("?)([^";\s]+)\1/i.exec(contentType);
  return match ? match[2]!.toLowerCase() : null;
}

function bomCharset(bytes: Uint8Array): string | null {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf-8';
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  return null;
}

/** `<meta charset>` or `<meta http-equiv content="...charset=...">` in the first 1024 bytes. */
function metaCharset(bytes: Uint8Array): string | null {
  const head = Buffer.from(bytes.subarray(0, 1024)).toString('latin1');
  const direct = /<meta[^>]*?\bcharset\s*=\s*["']?\s*([\w.:-]+)/i.exec(head);
  return direct ? direct[1]!.toLowerCase() : null;
}

function decoderFor(label: string | null): TextDecoder | null {
  if (!label) return null;
  try {
    return new TextDecoder(label);
  } catch {
    return null;
  }
}

/**
 * Decodes a body as a browser would, in its order: byte-order mark, Content-Type charset,
 * `<meta charset>`, then UTF-8. Unknown labels fall through to the next step.
 */
export function decodeText(bytes: Uint8Array, contentType?: string | null): string {
  let decoder = decoderFor(bomCharset(bytes)) ?? decoderFor(charsetFromContentType(contentType));
  if (!decoder) {
    const meta = decoderFor(metaCharset(bytes));
    // A document that declares UTF-16 in ASCII-readable markup is not UTF-16 (HTML spec: use UTF-8).
    decoder = meta && !meta.encoding.startsWith('utf-16') ? meta : new TextDecoder('utf-8');
  }
  return decoder.decode(bytes);
}
