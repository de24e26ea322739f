import { hash, verify } from '@node-rs/argon2';

// argon2id with the library's defaults (19 MiB, 2 passes): OWASP's baseline for interactive sign-in.
export const hashPassword = (password: string): Promise<string> => hash(password);

let decoy: Promise<string> | undefined;

/**
 * Checks a password against a stored hash. Without a user, a decoy hash is checked instead, so an
 * unknown e-mail takes as long as a wrong password.
 */
export async function checkPassword(stored: string | undefined, password: string): Promise<boolean> {
  decoy ??= hash('decoy password that matches nothing');
  const target = stored ?? (await decoy);
  const ok = await verify(target, password).catch(() => false);
  return ok && stored !== undefined;
}
