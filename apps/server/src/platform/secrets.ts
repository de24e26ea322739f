import { randomBytes } from 'node:crypto';
import type { Database } from '../db/client';

/**
 * A secret the product makes for itself: read it, or create it once (the first process to insert
 * wins, so every process of a distributed install ends up with the same value).
 */
export async function appSecret(database: Database, name: string): Promise<string> {
  await database.query(
    'insert into app_secrets (name, value) values ($1, $2) on conflict (name) do nothing',
    [name, randomBytes(32).toString('base64url')],
  );
  const [row] = await database.query<{ value: string }>('select value from app_secrets where name = $1', [
    name,
  ]);
  return row!.value;
}
