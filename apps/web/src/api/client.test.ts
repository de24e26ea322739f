import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorText, fieldLabel, RequestError, request, setSessionExpiredHandler } from './client';
import { createQueryClient, DEFAULT_CACHE_MS, SALES_CACHE_MS, salesCache } from './query-client';
import { tokenStore } from './token-store';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  tokenStore.set(null);
});
afterEach(() => vi.unstubAllGlobals());

describe('transport rules', () => {
  it.each([200, 201])('%d returns the JSON body', async (status) => {
    fetchMock.mockResolvedValueOnce(json(status, { guid: 'abc' }));
    await expect(request('/things')).resolves.toEqual({ guid: 'abc' });
    expect(fetchMock).toHaveBeenCalledWith('/api/things', expect.objectContaining({ method: 'GET' }));
  });

  it('202 to a call that starts work returns its body; 202 to a read rejects (not ready yet)', async () => {
    fetchMock.mockResolvedValueOnce(json(202, { status: 'importing_sitemaps' }));
    await expect(request('/import-sitemap', { method: 'POST', body: {} })).resolves.toEqual({
      status: 'importing_sitemaps',
    });
    fetchMock.mockResolvedValueOnce(json(202, { status: 'pending' }));
    const pending = await request('/report/x/y').catch((e: unknown) => e);
    expect(pending).toBeInstanceOf(RequestError);
    expect((pending as RequestError).status).toBe(202);
  });

  it('sends a POST identical to one still running once, with an Idempotency-Key kept through a refresh', async () => {
    tokenStore.set('expired');
    let answer: (value: Response) => void = () => {};
    fetchMock
      .mockReturnValueOnce(Promise.resolve(json(401, {})))
      .mockResolvedValueOnce(json(200, { access_token: 'fresh' }))
      .mockReturnValueOnce(
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
      );
    const body = { name: 'Acme' };
    const first = request('/white-label/template', { method: 'POST', body });
    const second = request('/white-label/template', { method: 'POST', body: { name: 'Acme' } });
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(3));
    answer(json(201, { guid: 'one' }));
    await expect(Promise.all([first, second])).resolves.toEqual([{ guid: 'one' }, { guid: 'one' }]);
    const keys = fetchMock.mock.calls
      .filter(([url]) => url === '/api/white-label/template')
      .map(
        ([, init]) => (init as RequestInit & { headers: Record<string, string> }).headers['idempotency-key'],
      );
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);
    // Once answered, the same POST is a new request with a new key.
    fetchMock.mockResolvedValueOnce(json(201, { guid: 'two' }));
    await expect(request('/white-label/template', { method: 'POST', body })).resolves.toEqual({
      guid: 'two',
    });
    const last = fetchMock.mock.calls.at(-1)![1] as RequestInit & { headers: Record<string, string> };
    expect(last.headers['idempotency-key']).not.toBe(keys[0]);
  });

  it('204 returns an empty result', async () => {
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));
    await expect(request('/things', { method: 'DELETE' })).resolves.toBeUndefined();
  });

  it('409 rejects with the response itself', async () => {
    const conflict = json(409, { error: 'Email address already in use!' });
    fetchMock.mockResolvedValueOnce(conflict);
    const rejection = await request('/user', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(rejection).toBe(conflict);
    expect(await errorText(rejection)).toBe('Email address already in use!');
  });

  it('401 refreshes the session once and retries the call with the new token', async () => {
    tokenStore.set('expired');
    fetchMock
      .mockResolvedValueOnce(json(401, { error: 'expired' }))
      .mockResolvedValueOnce(json(200, { access_token: 'fresh' }))
      .mockResolvedValueOnce(json(200, { ok: true }));
    await expect(request('/organization')).resolves.toEqual({ ok: true });
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
      '/api/organization',
      '/api/auth/refresh',
      '/api/organization',
    ]);
    expect(fetchMock.mock.calls[1]![1]).toMatchObject({ method: 'POST', credentials: 'include' });
    expect(fetchMock.mock.calls[2]![1].headers.authorization).toBe('Bearer fresh');
  });

  it('401 after a failed refresh signs the user out and rejects', async () => {
    const expired = vi.fn();
    setSessionExpiredHandler(expired);
    fetchMock.mockResolvedValueOnce(json(401, {})).mockResolvedValueOnce(json(401, {}));
    const rejection = await request('/organization').catch((e: unknown) => e);
    expect(expired).toHaveBeenCalledOnce();
    expect(rejection).toBeInstanceOf(RequestError);
    expect((rejection as RequestError).status).toBe(401);
    expect(fetchMock).toHaveBeenCalledTimes(2); // no second retry
  });

  it('a retried call that answers 401 again is not refreshed a second time', async () => {
    setSessionExpiredHandler(() => {});
    fetchMock
      .mockResolvedValueOnce(json(401, {}))
      .mockResolvedValueOnce(json(200, { access_token: 'fresh' }))
      .mockResolvedValueOnce(json(401, {}));
    await expect(request('/organization')).rejects.toMatchObject({ status: 401 });
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it.each([400, 403, 404, 500, 503])(
    "%d rejects with 'ERROR: Cannot perform this request!' and the status",
    async (status) => {
      fetchMock.mockResolvedValueOnce(json(status, { code: 'x' }));
      const rejection = (await request('/things').catch((e: unknown) => e)) as RequestError;
      expect(rejection.message).toBe('ERROR: Cannot perform this request!');
      expect(rejection.status).toBe(status);
      expect(await errorText(rejection)).toBe(`ERROR: Cannot perform this request! ${status}`);
    },
  );

  it('a response with an error field shows that text', async () => {
    fetchMock.mockResolvedValueOnce(
      json(403, { error: 'This feature is disabled for your current plan!', code: 'forbidden' }),
    );
    expect(await errorText(await request('/things').catch((e: unknown) => e))).toBe(
      'This feature is disabled for your current plan!',
    );
  });

  it('a refused field reads as the field a person filled in, not its path on the wire', async () => {
    fetchMock.mockResolvedValueOnce(
      json(400, {
        error: 'keywords.0: Maximum 200 characters',
        code: 'bad_request',
        fields: [{ field: 'keywords.0', message: 'Maximum 200 characters' }],
      }),
    );
    expect(await errorText(await request('/things').catch((e: unknown) => e))).toBe(
      'Keywords: Maximum 200 characters',
    );
    expect(fieldLabel('query.site_url')).toBe('Site URL');
    expect(fieldLabel('params.id')).toBe('ID');
    expect(fieldLabel('competitors.2.url')).toBe('URL');
  });

  it("a network failure rejects with 'Network error: ...'", async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(request('/things')).rejects.toThrow('Network error: Failed to fetch');
  });

  it('sends the bearer token, a JSON body and the query string', async () => {
    tokenStore.set('token-1');
    fetchMock.mockResolvedValueOnce(json(201, {}));
    await request('/report', {
      method: 'POST',
      body: { url: 'https://a.test' },
      query: { page: 2, skip: undefined },
    });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/report?page=2');
    expect(init.headers).toMatchObject({
      authorization: 'Bearer token-1',
      'content-type': 'application/json',
    });
    expect(init.body).toBe('{"url":"https://a.test"}');
  });
});

describe('caching', () => {
  it('keeps answers for 7200 s, and sales answers for 28800 s', () => {
    expect(DEFAULT_CACHE_MS).toBe(7_200_000);
    expect(SALES_CACHE_MS).toBe(28_800_000);
    const defaults = createQueryClient().getDefaultOptions().queries!;
    expect(defaults.staleTime).toBe(7_200_000);
    expect(defaults.gcTime).toBe(7_200_000);
    expect(salesCache).toEqual({ staleTime: 28_800_000, gcTime: 28_800_000 });
  });
});
