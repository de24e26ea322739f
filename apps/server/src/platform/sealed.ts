import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { Database } from '../db/client';
import { appSecret } from './secrets';

// Credentials the product keeps for its users (Google refresh tokens) are sealed with AES-256-GCM:
// a copy of their table alone reveals nothing, and a sealed value altered or moved under another
// key fails to open rather than yield garbage. The key comes from ENCRYPTION_KEY; without it, from
// a secret the product keeps in its database (which a full database copy would then hold too).

const VERSION = 1;
const IV_BYTES = 12;
const TAG_BYTES = 16;

export interface Sealer {
  seal(plain: string): Buffer;
  /** The sealed value's text, or null when it does not open under this key (altered, or another key's). */
  open(sealed: Buffer): string | null;
}

export function sealerFromKey(secret: string): Sealer {
  const key = Buffer.from(hkdfSync('sha256', secret, 'sitelens', 'sealed credentials v1', 32));
  return {
    seal(plain) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return Buffer.concat([Buffer.of(VERSION), iv, cipher.getAuthTag(), body]);
    },
    open(sealed) {
      if (sealed.length < 1 + IV_BYTES + TAG_BYTES || sealed[0] !== VERSION) return null;
      const iv = sealed.subarray(1, 1 + IV_BYTES);
      const tag = sealed.subarray(1 + IV_BYTES, 1 + IV_BYTES + TAG_BYTES);
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, iv);
        decipher.setAuthTag(tag);
        return Buffer.concat([
          decipher.update(sealed.subarray(1 + IV_BYTES + TAG_BYTES)),
          decipher.final(),
        ]).toString('utf8');
      } catch {
        return null;
      }
    },
  };
}

/** The server's sealer: ENCRYPTION_KEY, else the key the product made for itself. */
export async function createSealer(database: Database, encryptionKey: string | undefined): Promise<Sealer> {
  return sealerFromKey(encryptionKey ?? (await appSecret(database, 'credentials_encryption_key')));
}
