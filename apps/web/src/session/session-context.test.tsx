import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '../features/checkup/checkup-test-kit';
import { SessionProvider, useSession } from './session-context';

/** An access token the page reads its claims from (the server verified it). */
const ACCESS = `e30.${btoa(
  JSON.stringify({
    identity: 'u1',
    sid: 's1',
    user_claims: { subscription: {}, o_guid: null, org_role: null },
  }),
)}.sig`;

function Status() {
  return <p>status: {useSession().status}</p>;
}

/** A page load with a session cookie whose user call ends with `userAnswer`; the calls made. */
function loadWith(userAnswer: () => Promise<Response>) {
  const calls: string[] = [];
  // biome-ignore lint/suspicious/noDocumentCookie: the page reads this cookie; jsdom has no Cookie Store.
  document.cookie = 'sitelens_signed_in=1';
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const path = new URL(input, 'http://sitelens.test').pathname;
      calls.push(`${init?.method ?? 'GET'} ${path}`);
      if (path === '/api/auth/refresh') return json({ access_token: ACCESS });
      if (path === '/api/user/u1') return userAnswer();
      return new Response(null, { status: 204 });
    }),
  );
  render(
    <AntApp>
      <QueryClientProvider client={new QueryClient()}>
        <SessionProvider>
          <Status />
        </SessionProvider>
      </QueryClientProvider>
    </AntApp>,
  );
  return calls;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  // biome-ignore lint/suspicious/noDocumentCookie: as above.
  document.cookie = 'sitelens_signed_in=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
});

describe('a page load whose user cannot be read', () => {
  it('ends the session when the server refused the user, and says so', async () => {
    const calls = loadWith(async () => json({ error: 'Not found', code: 'not_found' }, 404));
    await screen.findByText('status: anonymous');
    await screen.findByText('Cannot get user data!');
    await waitFor(() => expect(calls).toContain('POST /api/auth/logout'));
  });

  it('keeps the session when the call never got an answer (the page reloaded, the network failed)', async () => {
    const calls = loadWith(async () => {
      throw new TypeError('Failed to fetch');
    });
    await screen.findByText('status: anonymous');
    expect(calls).toEqual(['POST /api/auth/refresh', 'GET /api/user/u1']);
  });
});
