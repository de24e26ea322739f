import { request } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT, DRAIN_LIMIT, jsonDepthTracker, MAX_JSON_DEPTH, registerBodyLimits } from './body-limits';
import { registerErrorHandling } from './error-handler';

const app = Fastify({ logger: false, bodyLimit: BODY_LIMIT });

beforeAll(async () => {
  registerErrorHandling(app);
  // As the real app's work before parsing: a hook that ends outside a promise, once the body waits in
  // the socket, so the body could flow before the parser listens.
  app.addHook('onRequest', (_request, _reply, done) => {
    setTimeout(done, 20);
  });
  registerBodyLimits(app);
  app.post('/echo', async (request) => request.body);
  await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => app.close());

const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
/** Far past the limit; `npm run bench -- scale` sends 100,000 levels. */
const TOO_DEEP = 2_000;
const bytes = (text: string) => new TextEncoder().encode(text);

describe('the JSON depth tracker', () => {
  it('counts arrays and objects, not brackets inside strings, escaped quotes included', () => {
    const tooDeep = jsonDepthTracker(2);
    expect(tooDeep(bytes('{"a":["[[[{{{", "\\"[[[", "\\\\"]'))).toBe(false);
    expect(tooDeep(bytes(',[1]}'))).toBe(false);
    expect(jsonDepthTracker(2)(bytes('{"a":[{}]}'))).toBe(true);
  });

  it('keeps its place across chunks, inside a string and after a backslash', () => {
    const tooDeep = jsonDepthTracker(1);
    for (const chunk of ['{"a', '[[\\', '"[[', '"', ':1}']) expect(tooDeep(bytes(chunk))).toBe(false);
    expect(tooDeep(bytes('{"b":['))).toBe(true);
  });
});

describe('a JSON body', () => {
  const post = (payload: string, contentType = 'application/json') =>
    app.inject({ method: 'POST', url: '/echo', headers: { 'content-type': contentType }, payload });

  it(`is read up to ${MAX_JSON_DEPTH} levels deep`, async () => {
    const res = await post(nested(MAX_JSON_DEPTH));
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(nested(MAX_JSON_DEPTH));
  });

  it('nested deeper answers 400 in the error format, before it is parsed', async () => {
    const res = await post(nested(TOO_DEEP));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: `The JSON body is nested deeper than ${MAX_JSON_DEPTH} levels.`,
      code: 'bad_request',
    });
  });

  it('over the size limit answers 413 in the error format', async () => {
    const res = await post(`"${'a'.repeat(BODY_LIMIT)}"`);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      error: 'The request body is larger than the limit of 1 MiB.',
      code: 'payload_too_large',
    });
  });

  it('sent as text is left to its parser: brackets in text are not nesting', async () => {
    const res = await post(nested(100), 'text/plain');
    expect(res.statusCode).toBe(200);
  });
});

/** POSTs JSON over a real connection, in one piece or in chunks without a length; the status and body. */
function postOverSocket(chunks: string[]): Promise<{ status: number; body: string }> {
  const { port } = app.server.address() as AddressInfo;
  const length = chunks.length === 1 ? { 'content-length': Buffer.byteLength(chunks[0]!) } : {};
  return new Promise((resolve, reject) => {
    const req = request(
      {
        port,
        host: '127.0.0.1',
        method: 'POST',
        path: '/echo',
        headers: { 'content-type': 'application/json', ...length },
      },
      (res) => {
        let body = '';
        res.on('data', (chunk) => {
          body += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    req.setTimeout(5_000, () => req.destroy(new Error('no answer within 5 s')));
    for (const chunk of chunks) req.write(chunk);
    req.end();
  });
}

// Through inject() the body comes once the parser listens; through a socket it may be waiting already,
// and a refusal made before the parser listens would crash the process instead of answering.
describe('over a real connection, a JSON body nested too deep', () => {
  it('answers 400 in the error format, sent whole or in chunks', async () => {
    const expected = {
      error: `The JSON body is nested deeper than ${MAX_JSON_DEPTH} levels.`,
      code: 'bad_request',
    };
    const whole = await postOverSocket([nested(TOO_DEEP)]);
    expect(whole.status).toBe(400);
    expect(JSON.parse(whole.body)).toEqual(expected);
    const chunked = await postOverSocket(Array.from({ length: 8 }, () => '['.repeat(8_192)));
    expect(chunked.status).toBe(400);
    expect(JSON.parse(chunked.body)).toEqual(expected);
  });
});

/** A connection's answers as they arrive, and whether the server closed it. */
function connection(port: number) {
  const socket = connect(port, '127.0.0.1');
  let received = '';
  let closed = false;
  socket.on('data', (chunk) => {
    received += chunk;
  });
  socket.on('error', () => {});
  socket.on('end', () => {
    closed = true;
  });
  /** Waits until the answers received match `pattern`, or the server closed the connection. */
  const until = async (pattern: RegExp) => {
    while (!pattern.test(received) && !closed) await new Promise((resolve) => setTimeout(resolve, 5));
    return received;
  };
  return { socket, until, closed: () => closed };
}

// The 413 is sent as soon as the length is read: a client still sending must still read it. Closing
// the connection after it reset such a client (Node's fetch and browsers saw a reset, not the 413).
describe('over a real connection, a body over the size limit', () => {
  it('answers 413, then reads the rest of the body and throws it away, and the connection serves on', async () => {
    const { port } = app.server.address() as AddressInfo;
    const { socket, until, closed } = connection(port);
    const total = 3 * 1024 * 1024;
    const first = 64 * 1024;
    socket.write(
      `POST /echo HTTP/1.1\r\nHost: x\r\ncontent-type: application/json\r\ncontent-length: ${total}\r\n\r\n`,
    );
    socket.write('a'.repeat(first));
    const refused = await until(/payload_too_large"\}/);
    expect(refused).toMatch(/^HTTP\/1\.1 413 /);
    expect(refused).toContain('"error":"The request body is larger than the limit of 1 MiB."');
    // The rest of the body after the answer, then a second request on the same connection.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(closed()).toBe(false);
    socket.write('a'.repeat(total - first));
    socket.write(
      'POST /echo HTTP/1.1\r\nHost: x\r\ncontent-type: application/json\r\ncontent-length: 3\r\n\r\n[1]',
    );
    const both = await until(/HTTP\/1\.1 200 [\s\S]*\[1\]$/);
    expect(both).toMatch(/HTTP\/1\.1 200 [\s\S]*\[1\]$/);
    socket.destroy();
  });

  it('cuts a client that keeps sending past what is thrown away', async () => {
    const { port } = app.server.address() as AddressInfo;
    const socket = connect(port, '127.0.0.1');
    socket.write(
      'POST /echo HTTP/1.1\r\nHost: x\r\ncontent-type: application/json\r\ncontent-length: 1000000000\r\n\r\n',
    );
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk;
    });
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    socket.on('error', () => {});
    const piece = Buffer.alloc(1024 * 1024, 'a');
    let written = 0;
    while (!socket.destroyed && written <= DRAIN_LIMIT + 4 * piece.length) {
      if (!socket.write(piece))
        await new Promise((resolve) => socket.once('drain', resolve).once('close', resolve));
      written += piece.length;
    }
    await closed;
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(written).toBeLessThanOrEqual(DRAIN_LIMIT + 4 * piece.length);
  });
});
