import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors';

/** The largest request body, in bytes; a larger one answers 413 before it is read further. */
export const BODY_LIMIT = 1024 * 1024;

/**
 * Bytes of a refused body still read, and thrown away, after its answer was sent. Closing at once
 * (Fastify asks for it after a refused body) reset a client still sending, which then never read
 * the 413: Node's fetch and browsers saw a reset instead. Past this the connection is cut.
 */
export const DRAIN_LIMIT = 32 * 1024 * 1024;

/**
 * The deepest JSON body, in nested arrays and objects. Ours are four levels at most; far deeper is
 * an attack, and 100,000 levels overflow the stack of any recursive walk of the body (the NUL
 * guard, zod), which answered 500. `JSON.parse` itself copes, so refusing before it is enough.
 */
export const MAX_JSON_DEPTH = 32;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const OPEN_OBJECT = 0x7b;
const CLOSE_ARRAY = 0x5d;
const CLOSE_OBJECT = 0x7d;

/**
 * Follows the nesting of JSON text chunk by chunk, brackets inside strings aside, and says when it
 * goes deeper than `maxDepth`. Bytes, not characters: in UTF-8 no byte of a multi-byte character
 * is ASCII, so a bracket or a quote is always itself.
 */
export function jsonDepthTracker(maxDepth: number): (chunk: Uint8Array) => boolean {
  let depth = 0;
  let inString = false;
  let escaped = false;
  return (chunk) => {
    for (let i = 0; i < chunk.length; i++) {
      const byte = chunk[i];
      if (inString) {
        if (escaped) escaped = false;
        else if (byte === BACKSLASH) escaped = true;
        else if (byte === QUOTE) inString = false;
      } else if (byte === QUOTE) inString = true;
      else if (byte === OPEN_ARRAY || byte === OPEN_OBJECT) {
        if (++depth > maxDepth) return true;
      } else if (byte === CLOSE_ARRAY || byte === CLOSE_OBJECT) depth--;
    }
    return false;
  };
}

/**
 * The body as it streams in, failed with 400 as soon as it nests deeper than MAX_JSON_DEPTH. Lazy:
 * nothing is read, so nothing can fail, before the parser listens. The request is not destroyed on
 * that failure, so the client still reads the 400 before the connection closes.
 */
async function* depthLimited(payload: Readable): AsyncGenerator<Uint8Array> {
  const tooDeep = jsonDepthTracker(MAX_JSON_DEPTH);
  for await (const chunk of payload.iterator({ destroyOnReturn: false })) {
    if (tooDeep(chunk)) {
      throw new AppError('bad_request', `The JSON body is nested deeper than ${MAX_JSON_DEPTH} levels.`);
    }
    yield chunk;
  }
}

/**
 * Refuses JSON bodies nested beyond MAX_JSON_DEPTH before they are parsed, whichever parser reads
 * them (the default one, or a route's own such as Recurly's webhooks). The size limit is Fastify's
 * `bodyLimit`, which `buildApp` sets to BODY_LIMIT.
 */
export function registerBodyLimits(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const raw = request.raw;
    if (raw.complete || raw.destroyed) return payload;
    // Answered before the body was read whole (a refused body, a refusal before parsing): the
    // connection stays open while the rest arrives and is thrown away, so the client reads the
    // answer; it is reused after, or cut past DRAIN_LIMIT.
    reply.removeHeader('connection');
    let drained = 0;
    raw.on('data', (chunk: Buffer) => {
      drained += chunk.length;
      if (drained > DRAIN_LIMIT) raw.socket.destroy();
    });
    raw.resume();
    return payload;
  });
  app.addHook('preParsing', async (request, _reply, payload) => {
    if (!/json/i.test(request.headers['content-type'] ?? '')) return payload;
    return Readable.from(depthLimited(payload), { objectMode: false });
  });
}
