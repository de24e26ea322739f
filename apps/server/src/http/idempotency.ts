import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors';
import { readAuth } from './authenticate';

/** How long a key is honoured: a double click, a retry after a dropped connection. */
export const IDEMPOTENCY_SECONDS = 60;
/** How long a repeat waits for the first request to finish before it is told to try again. */
const WAIT_MS = 30_000;
const POLL_MS = 100;
const KEY = /^[\w-]{8,200}$/;

export const IDEMPOTENCY_MESSAGES = {
  badKey: 'The Idempotency-Key header must be 8 to 200 letters, digits, dashes or underscores.',
  reused: 'This Idempotency-Key was already used for a different request.',
  stillRunning: 'The same request is still running. Please try again in a moment.',
};

declare module 'fastify' {
  interface FastifyRequest {
    /** The key this request holds, when it is the first with it: its answer is kept under it. */
    idempotency: { userId: string; key: string } | null;
  }
}

interface Stored {
  fingerprint: string;
  status_code: number | null;
  content_type: string | null;
  body: string | null;
}

/**
 * `Idempotency-Key` on a signed-in POST: the first request with a key runs and its answer is kept
 * for a minute; a repeat from the same user (a double click, a retry) gets that answer, marked
 * `Idempotent-Replayed: true`, and creates nothing. A repeat while the first still runs waits for
 * it. Kept in the database, so every server of a distributed install agrees. Server errors are not
 * kept: the request may be tried again.
 */
export function registerIdempotency(app: FastifyInstance): void {
  app.decorateRequest('idempotency', null);

  app.addHook('preHandler', async (request, reply) => {
    const key = request.headers['idempotency-key'];
    if (request.method !== 'POST' || key === undefined) return;
    if (typeof key !== 'string' || !KEY.test(key))
      throw new AppError('bad_request', IDEMPOTENCY_MESSAGES.badKey);
    // A key only means something for a signed-in caller; read once, requireAuth reuses it.
    request.auth ??= await readAuth(app, request);
    const caller = request.auth;
    if (!caller) return;
    const fingerprint = fingerprintOf(request);
    const database = app.deps.database;
    await database.query(
      `delete from idempotent_requests where created_at < now() - make_interval(secs => $1)`,
      [IDEMPOTENCY_SECONDS],
    );
    // Twice at most: a first request that failed meanwhile has freed the key for this one.
    for (let attempt = 0; attempt < 2; attempt++) {
      const [claimed] = await database.query(
        `insert into idempotent_requests (user_id, key, fingerprint) values ($1, $2, $3)
         on conflict (user_id, key) do nothing returning key`,
        [caller.userId, key, fingerprint],
      );
      if (claimed) {
        request.idempotency = { userId: caller.userId, key };
        return;
      }
      const stored = await waitForAnswer(app, caller.userId, key);
      if (stored) return replay(request, reply, stored, fingerprint);
    }
    throw new AppError('conflict', IDEMPOTENCY_MESSAGES.stillRunning);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const held = request.idempotency;
    if (!held) return payload;
    request.idempotency = null;
    const database = app.deps.database;
    if (reply.statusCode >= 500 || (typeof payload !== 'string' && !Buffer.isBuffer(payload))) {
      // Not kept: a server error may be retried; a stream (a file) is not worth holding.
      await database.query('delete from idempotent_requests where user_id = $1 and key = $2', [
        held.userId,
        held.key,
      ]);
      return payload;
    }
    await database.query(
      `update idempotent_requests set status_code = $3, content_type = $4, body = $5
        where user_id = $1 and key = $2`,
      [
        held.userId,
        held.key,
        reply.statusCode,
        String(reply.getHeader('content-type') ?? ''),
        String(payload),
      ],
    );
    return payload;
  });

  // A request that ends without an answer (the client went away) frees its key.
  app.addHook('onResponse', async (request) => {
    const held = request.idempotency;
    if (!held) return;
    await app.deps.database.query(
      'delete from idempotent_requests where user_id = $1 and key = $2 and status_code is null',
      [held.userId, held.key],
    );
  });
}

function fingerprintOf(request: FastifyRequest): string {
  return createHash('sha256')
    .update(`${request.method} ${request.url}\n${JSON.stringify(request.body ?? null)}`)
    .digest('hex');
}

/** The first request's answer once it has one; null when it failed and freed the key meanwhile. */
async function waitForAnswer(app: FastifyInstance, userId: string, key: string): Promise<Stored | null> {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const [row] = await app.deps.database.query<Stored>(
      `select fingerprint, status_code, content_type, body from idempotent_requests
        where user_id = $1 and key = $2`,
      [userId, key],
    );
    if (!row || row.status_code !== null) return row ?? null;
    if (Date.now() > deadline) return row;
    await sleep(POLL_MS);
  }
}

function replay(request: FastifyRequest, reply: FastifyReply, stored: Stored, fingerprint: string) {
  if (stored.fingerprint !== fingerprint) throw new AppError('bad_request', IDEMPOTENCY_MESSAGES.reused);
  if (stored.status_code === null) throw new AppError('conflict', IDEMPOTENCY_MESSAGES.stillRunning);
  request.log.debug({ key: request.headers['idempotency-key'] }, 'idempotent request replayed');
  if (stored.content_type) reply.header('content-type', stored.content_type);
  return reply
    .code(stored.status_code)
    .header('idempotent-replayed', 'true')
    .send(stored.body ?? '');
}
