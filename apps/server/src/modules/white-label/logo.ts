import { WHITE_LABEL_LIMITS, WHITE_LABEL_MESSAGES } from '@sitelens/contracts';
import sharp from 'sharp';
import { fieldError } from '../../errors';

type LogoType = 'png' | 'gif' | 'jpeg';

/** The most pixels a logo may declare: far above any logo, far below what would exhaust memory. */
const MAX_INPUT_PIXELS = 40_000_000;
/** Very wide logos are narrowed to this many pixels, keeping their height at most 70. */
const MAX_LOGO_WIDTH = 1000;

const EXTENSION_TYPES: Record<string, LogoType> = { png: 'png', gif: 'gif', jpg: 'jpeg', jpeg: 'jpeg' };
const MEDIA_TYPES: Record<string, LogoType> = {
  'image/png': 'png',
  'image/gif': 'gif',
  'image/jpeg': 'jpeg',
  'image/jpg': 'jpeg',
  'image/pjpeg': 'jpeg',
};

const notAccepted = () => fieldError('bad_request', 'base64_logo', WHITE_LABEL_MESSAGES.fileType);

/** The type the file's first bytes say it is, whatever its name claims. */
export function sniffLogoType(bytes: Buffer): LogoType | null {
  if (
    bytes.length >= 8 &&
    bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  )
    return 'png';
  const head = bytes.subarray(0, 6).toString('latin1');
  if (head === 'GIF87a' || head === 'GIF89a') return 'gif';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  return null;
}

/** Decoded size of base64 text without decoding it: refused before a large buffer is made. */
function base64Bytes(text: string): number {
  const clean = text.replace(/\s+/g, '');
  const padding = clean.endsWith('==') ? 2 : clean.endsWith('=') ? 1 : 0;
  return Math.floor((clean.length * 3) / 4) - padding;
}

/**
 * A logo as the editor sends it (a data URL and the file's name), checked as SECURITY.md D1 asks:
 * at most 1 MiB; a PNG, GIF or JPEG by its bytes, matching its name's extension and its declared
 * media type; decoded with a pixel limit and failing on truncated data; re-encoded as a PNG 70 px
 * high with no metadata (GIFs too, so every PDF renderer draws them). Refusals are 400s on
 * `base64_logo` with the spec's texts.
 */
export async function readLogo(dataUrl: string, fileName?: string): Promise<Buffer> {
  const match = /^data:([\w.+/-]*);base64,(.*)$/s.exec(dataUrl);
  if (!match) throw notAccepted();
  const mediaType = match[1] ?? '';
  const base64 = match[2] ?? '';
  if (base64Bytes(base64) > WHITE_LABEL_LIMITS.logoBytes)
    throw fieldError('bad_request', 'base64_logo', WHITE_LABEL_MESSAGES.logoTooLarge);
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length > WHITE_LABEL_LIMITS.logoBytes)
    throw fieldError('bad_request', 'base64_logo', WHITE_LABEL_MESSAGES.logoTooLarge);

  const type = sniffLogoType(bytes);
  if (!type) throw notAccepted();
  if (mediaType && MEDIA_TYPES[mediaType.toLowerCase()] !== type) throw notAccepted();
  if (fileName !== undefined) {
    const extension = /\.([^.]+)$/.exec(fileName)?.[1]?.toLowerCase() ?? '';
    if (EXTENSION_TYPES[extension] !== type) throw notAccepted();
  }

  try {
    return await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'truncated', animated: false })
      .resize({ height: WHITE_LABEL_LIMITS.logoHeight, width: MAX_LOGO_WIDTH, fit: 'inside' })
      .png()
      .toBuffer();
  } catch {
    // Undecodable, truncated or a pixel flood: to the user, not a logo file we take.
    throw notAccepted();
  }
}
