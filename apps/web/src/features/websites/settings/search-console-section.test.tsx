import {
  SEARCH_CONSOLE_MESSAGES,
  type SearchConsoleConnection,
  type SearchConsoleProperties,
  type SearchConsoleState,
  type Website,
} from '@sitelens/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Session } from '../../../session/session-context';
import { json, renderRoutes, SESSION } from '../../checkup/checkup-test-kit';
import { googleConsentPage } from './search-console.queries';
import { SC_MESSAGES } from './search-console-section';
import { WebsiteSettingsScreen } from './website-settings-screen';

const GUID = '6f1c7f0e-2a3b-4c5d-8e9f-0a1b2c3d4e5f';
const STATE_PATH = `/api/search-console/${GUID}`;
const REDIRECT_URI = 'https://seo.example.org/api/search-console/oauth/callback';
const CONSENT_URL = 'https://accounts.google.test/o/oauth2/v2/auth?state=abc';

const WEBSITE: Website = {
  guid: GUID,
  domain: 'example.com',
  homepage_url: 'https://example.com/',
  c_at: '2026-01-01T00:00:00.000Z',
  status: 'new',
  discovered_urls: 0,
  on_page_seo: null,
  sitemap_urls: [],
  settings: {
    competitors: [],
    regions: ['us-east-1'],
    location_name: 'United States',
    language_code: 'en',
    notifications: { ping_uptime: true, http_uptime: true, page_load_timeout: true },
  },
  keywords: [],
};

const MEMBER: Session = {
  ...SESSION,
  org_role: 'member',
  team: { name: 'Growth team', owner: 'lin@example.test' },
};

const IDLE_IMPORT: SearchConsoleConnection['import'] = {
  days_imported: 0,
  days_provisional: 0,
  first_day: null,
  last_day: null,
  last_run_at: null,
  running: false,
};

const connection = (over: Partial<SearchConsoleConnection> = {}): SearchConsoleConnection => ({
  method: 'oauth',
  status: 'connected',
  property: 'sc-domain:example.com',
  problem: null,
  connected_at: '2026-03-01T09:00:00.000Z',
  import: IDLE_IMPORT,
  ...over,
});

const state = (
  over: Partial<SearchConsoleState> & { connection?: SearchConsoleConnection | null } = {},
): SearchConsoleState => ({
  available: { oauth: true, service_account: true },
  redirect_uri: REDIRECT_URI,
  service_account_email: null,
  connection: null,
  ...over,
});

const PROPERTIES: SearchConsoleProperties = {
  properties: [
    { site_url: 'sc-domain:example.com', permission_level: 'siteOwner', matches: true },
    { site_url: 'https://example.com/blog/', permission_level: 'siteFullUser', matches: true },
    { site_url: 'https://elsewhere.test/', permission_level: 'siteOwner', matches: false },
  ],
  suggested: 'sc-domain:example.com',
};

interface Call {
  method: string;
  path: string;
  search: string;
  body: unknown;
}

/**
 * The API as the section sees it: the website, then `states` answered in turn to each read of the
 * Search Console state (the last one again after them); `answer` may take over any call.
 */
function serveApi({
  states = [state()],
  properties = PROPERTIES,
  answer,
}: {
  states?: (SearchConsoleState | Response)[];
  properties?: SearchConsoleProperties | Response;
  answer?: (call: Call) => Response | undefined;
} = {}) {
  const calls: Call[] = [];
  let reads = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://sitelens.test');
      const call = {
        method: init?.method ?? 'GET',
        path: url.pathname,
        search: url.search,
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      };
      calls.push(call);
      const own = answer?.(call);
      if (own) return own;
      if (call.method === 'GET' && call.path === '/api/website-index') return json([WEBSITE]);
      if (call.method === 'GET' && call.path === STATE_PATH) {
        const next = states[Math.min(reads, states.length - 1)]!;
        reads += 1;
        return next instanceof Response ? next.clone() : json(next);
      }
      if (call.method === 'GET' && call.path === `${STATE_PATH}/properties`)
        return properties instanceof Response ? properties.clone() : json(properties);
      return json({ error: 'unexpected' }, 500);
    }),
  );
  return calls;
}

const renderAt = (search = `?w_guid=${GUID}`, session: Session = SESSION) =>
  renderRoutes(
    [{ path: '/dashboard/settings/:section', element: <WebsiteSettingsScreen /> }],
    `/dashboard/settings/search-console${search}`,
    { session },
  );

const card = async () => {
  await screen.findByText(SC_MESSAGES.title, { selector: '.ant-card-head-title' });
  return document.querySelector('.search-console') as HTMLElement;
};
const button = (name: string | RegExp) => screen.getByRole('button', { name });
const isBusy = (element: HTMLElement) => element.classList.contains('ant-btn-loading');

beforeEach(() => localStorage.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('Google Search Console settings: states', () => {
  it('is a tab of the settings, and shows a skeleton while the state loads', async () => {
    serveApi({ states: [new Response(new ReadableStream({ start() {} }))] });
    renderAt();
    expect(await screen.findByRole('tab', { name: 'Google Search Console', selected: true })).toBeTruthy();
    const section = await card();
    await vi.waitFor(() => expect(section.querySelector('.ant-skeleton')).not.toBeNull());
  });

  it("shows the server's text when the state cannot be read", async () => {
    serveApi({ states: [json({ error: 'Website not found' }, 404)] });
    renderAt();
    expect(await screen.findByText('Website not found')).toBeTruthy();
  });

  it('says what the operator sets when the server offers no way to connect', async () => {
    serveApi({ states: [state({ available: { oauth: false, service_account: false } })] });
    renderAt();
    expect(await screen.findByText(SEARCH_CONSOLE_MESSAGES.notConfigured)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Connect a Google account' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Use the service account' })).toBeNull();
    expect(screen.getByText(SC_MESSAGES.intro)).toBeTruthy();
  });

  it('offers the owner both ways to connect, and names the redirect URI for the operator', async () => {
    serveApi();
    renderAt();
    expect(await screen.findByText(SC_MESSAGES.intro)).toBeTruthy();
    expect(button('Connect a Google account').className).toContain('ant-btn-primary');
    expect(button('Use the service account')).toBeTruthy();
    const redirect = screen.getByText(SC_MESSAGES.redirect, { exact: false });
    expect(redirect.textContent).toBe(`${SC_MESSAGES.redirect} ${REDIRECT_URI}`);
  });

  it('offers only what the server has: no redirect URI without a Google OAuth client', async () => {
    serveApi({ states: [state({ available: { oauth: false, service_account: true } })] });
    renderAt();
    expect(await screen.findByRole('button', { name: 'Use the service account' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Connect a Google account' })).toBeNull();
    expect(screen.queryByText(REDIRECT_URI)).toBeNull();
  });

  it("names the service account's e-mail, which the owner adds to the property", async () => {
    serveApi({
      states: [
        state({
          available: { oauth: false, service_account: true },
          service_account_email: 'sitelens@project.iam.gserviceaccount.com',
        }),
      ],
    });
    renderAt();
    expect(
      await screen.findByText(SC_MESSAGES.serviceAccountEmail('sitelens@project.iam.gserviceaccount.com')),
    ).toBeTruthy();
  });

  it('tells a member that only the owner connects, without buttons', async () => {
    serveApi();
    renderAt(undefined, MEMBER);
    expect(await screen.findByText(SC_MESSAGES.intro)).toBeTruthy();
    expect(screen.getByText(SC_MESSAGES.ownerOnlyConnect)).toBeTruthy();
    expect(within(await card()).queryAllByRole('button')).toEqual([]);
  });
});

describe('connecting', () => {
  it('sends the owner to Google’s consent page, the button busy until the browser has left', async () => {
    const open = vi.spyOn(googleConsentPage, 'open').mockImplementation(() => undefined);
    const calls = serveApi({
      answer: (c) =>
        c.method === 'POST' && c.path === `${STATE_PATH}/oauth/start`
          ? json({ authorization_url: CONSENT_URL })
          : undefined,
    });
    renderAt();
    const connect = await screen.findByRole('button', { name: 'Connect a Google account' });
    await userEvent.click(connect);
    await vi.waitFor(() => expect(open).toHaveBeenCalledWith(CONSENT_URL));
    expect(isBusy(button(/Connect a Google account/))).toBe(true);
    expect(button('Use the service account').hasAttribute('disabled')).toBe(true);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it('says why Google’s consent page could not be opened', async () => {
    serveApi({
      answer: (c) =>
        c.method === 'POST'
          ? json(
              { error: SEARCH_CONSOLE_MESSAGES.oauthNotConfigured, code: 'search_console_not_configured' },
              503,
            )
          : undefined,
    });
    renderAt();
    await userEvent.click(await screen.findByRole('button', { name: 'Connect a Google account' }));
    expect(await screen.findByText(SEARCH_CONSOLE_MESSAGES.oauthNotConfigured)).toBeTruthy();
    expect(isBusy(button('Connect a Google account'))).toBe(false);
  });

  it('connects the service account, then lists its properties', async () => {
    const chosen = state({
      connection: connection({ method: 'service_account', status: 'choose_property', property: null }),
    });
    const calls = serveApi({
      answer: (c) =>
        c.method === 'POST' && c.path === `${STATE_PATH}/service-account` ? json(chosen) : undefined,
    });
    renderAt();
    await userEvent.click(await screen.findByRole('button', { name: 'Use the service account' }));
    expect(await screen.findByText(SC_MESSAGES.serviceAccount)).toBeTruthy();
    expect(await screen.findByRole('radio', { name: /sc-domain:example\.com/ })).toBeTruthy();
    expect(screen.getByText(SC_MESSAGES.choosing('the service account'))).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });
});

describe('coming back from Google', () => {
  it('says it connected, lists the properties, and takes the outcome out of the address', async () => {
    serveApi({ states: [state({ connection: connection({ status: 'choose_property', property: null }) })] });
    const router = renderAt(`?w_guid=${GUID}&search_console=connected`);
    expect(await screen.findByText(SC_MESSAGES.connected)).toBeTruthy();
    expect(await screen.findByRole('radio', { name: /sc-domain:example\.com/ })).toBeTruthy();
    await vi.waitFor(() => expect(router.state.location.search).toBe(`?w_guid=${GUID}`));
    expect(router.state.location.pathname).toBe('/dashboard/settings/search-console');
  });

  it.each([
    ['consent_refused', SEARCH_CONSOLE_MESSAGES.consentRefused],
    ['google_failed', SEARCH_CONSOLE_MESSAGES.googleUnreachable],
  ])('says what %s means, and takes it out of the address', async (code, text) => {
    serveApi();
    const router = renderAt(`?w_guid=${GUID}&search_console_error=${code}`);
    expect(await screen.findByText(text)).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Connect a Google account' })).toBeTruthy();
    await vi.waitFor(() => expect(router.state.location.search).toBe(`?w_guid=${GUID}`));
    // Read once: it stays on the screen until closed, though the address no longer says it.
    expect(screen.getByText(text)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await vi.waitFor(() => expect(screen.queryByText(text)).toBeNull());
  });

  it('an expired link without w_guid opens the selected website and says the link expired', async () => {
    serveApi();
    const router = renderAt('?search_console_error=link_expired');
    expect(await screen.findByText(SEARCH_CONSOLE_MESSAGES.linkExpired)).toBeTruthy();
    await vi.waitFor(() => expect(router.state.location.search).toBe(`?w_guid=${GUID}`));
  });
});

describe('choosing the property', () => {
  const choosing = state({ connection: connection({ status: 'choose_property', property: null }) });

  it("preselects the suggested property, lists the website's own first and marks the others", async () => {
    serveApi({
      states: [choosing],
      properties: {
        ...PROPERTIES,
        properties: [PROPERTIES.properties[2]!, ...PROPERTIES.properties.slice(0, 2)],
      },
    });
    renderAt();
    const radios = await screen.findAllByRole('radio');
    expect(
      radios.map(
        (radio) => radio.closest('label')?.querySelector('.search-console-property-url')?.textContent,
      ),
    ).toEqual(['sc-domain:example.com', 'https://example.com/blog/', 'https://elsewhere.test/']);
    expect((radios[0] as HTMLInputElement).checked).toBe(true);
    const other = radios[2]!.closest('label') as HTMLElement;
    expect(within(other).getByText('does not cover example.com')).toBeTruthy();
    expect(within(radios[0]!.closest('label') as HTMLElement).queryByText(/does not cover/)).toBeNull();
    expect(
      within(radios[0]!.closest('label') as HTMLElement).getByText('Domain property · Owner'),
    ).toBeTruthy();
    expect(
      within(radios[1]!.closest('label') as HTMLElement).getByText('URL-prefix property · Full user'),
    ).toBeTruthy();
  });

  it('imports the picked property, then shows its import running', async () => {
    const importing = state({
      connection: connection({
        property: 'https://example.com/blog/',
        import: { ...IDLE_IMPORT, running: true },
      }),
    });
    const calls = serveApi({
      states: [choosing],
      answer: (c) => (c.method === 'PUT' ? json(importing) : undefined),
    });
    renderAt();
    await userEvent.click(await screen.findByRole('radio', { name: /https:\/\/example\.com\/blog\// }));
    await userEvent.click(button('Import this property'));
    expect(await screen.findByText('Importing from Google…')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([
      {
        method: 'PUT',
        path: `${STATE_PATH}/property`,
        search: '',
        body: { site_url: 'https://example.com/blog/' },
      },
    ]);
    expect(screen.getByText('https://example.com/blog/')).toBeTruthy();
    expect(screen.getByText('Google account')).toBeTruthy();
  });

  it("shows the server's refusal on the field", async () => {
    serveApi({
      states: [choosing],
      answer: (c) =>
        c.method === 'PUT'
          ? json(
              {
                error: SEARCH_CONSOLE_MESSAGES.unknownProperty,
                code: 'bad_request',
                fields: [{ field: 'site_url', message: SEARCH_CONSOLE_MESSAGES.unknownProperty }],
              },
              400,
            )
          : undefined,
    });
    renderAt();
    await screen.findAllByRole('radio');
    await userEvent.click(button('Import this property'));
    const message = await screen.findByText(SEARCH_CONSOLE_MESSAGES.unknownProperty);
    expect(message.closest('.ant-form-item')?.className).toContain('ant-form-item-has-error');
  });

  it('says how to give the Google account a property when it reads none, and offers another account', async () => {
    const open = vi.spyOn(googleConsentPage, 'open').mockImplementation(() => undefined);
    serveApi({
      states: [choosing],
      properties: { properties: [], suggested: null },
      answer: (c) => (c.method === 'POST' ? json({ authorization_url: CONSENT_URL }) : undefined),
    });
    renderAt();
    expect(await screen.findByText(SC_MESSAGES.noProperty('This Google account'))).toBeTruthy();
    expect(screen.getByText(/Settings → Users and permissions/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Import this property' })).toBeNull();
    await userEvent.click(button('Connect another Google account'));
    await vi.waitFor(() => expect(open).toHaveBeenCalledWith(CONSENT_URL));
  });

  it('tells a member that the owner picks the property, without asking Google', async () => {
    const calls = serveApi({ states: [choosing] });
    renderAt(undefined, MEMBER);
    expect(await screen.findByText(SC_MESSAGES.ownerOnlyProperty)).toBeTruthy();
    expect(screen.getByText(SC_MESSAGES.noPropertyYet('a Google account'))).toBeTruthy();
    expect(within(await card()).queryAllByRole('button')).toEqual([]);
    expect(calls.some((c) => c.path.endsWith('/properties'))).toBe(false);
  });
});

describe('connected', () => {
  const imported = connection({
    import: {
      days_imported: 480,
      days_provisional: 4,
      first_day: '2025-01-10',
      last_day: '2026-05-04',
      last_run_at: '2026-05-06T14:05:00.000Z',
      running: false,
    },
  });

  it('shows the property, how it is read, and what was imported', async () => {
    serveApi({ states: [state({ connection: imported })] });
    renderAt();
    expect(await screen.findByText('sc-domain:example.com')).toBeTruthy();
    expect(screen.getByText('Google account')).toBeTruthy();
    expect(
      screen.getByText(
        '480 days imported (Jan 10, 2025 – May 04, 2026), 4 of them still being revised by Google',
      ),
    ).toBeTruthy();
    expect(screen.getByText(/^Last import May 0[67], 2026 at \d\d:\d\d$/)).toBeTruthy();
    expect(button('Change property')).toBeTruthy();
    expect(button('Disconnect')).toBeTruthy();
  });

  it('says when Google has no figures yet after a run', async () => {
    serveApi({
      states: [
        state({
          connection: connection({
            method: 'service_account',
            import: { ...IDLE_IMPORT, last_run_at: '2026-05-06T14:05:00.000Z' },
          }),
        }),
      ],
    });
    renderAt();
    expect(await screen.findByText(SC_MESSAGES.noFigures)).toBeTruthy();
    expect(screen.getByText('Service account')).toBeTruthy();
  });

  it('asks again every 5 s while the import runs, and shows the days so far', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const running = (days: number) =>
      state({
        connection: connection({
          import: {
            ...IDLE_IMPORT,
            days_imported: days,
            first_day: days ? '2026-04-20' : null,
            last_day: days ? '2026-05-04' : null,
            running: true,
          },
        }),
      });
    const calls = serveApi({ states: [running(0), running(15), state({ connection: imported })] });
    renderAt();
    expect(await screen.findByText('Importing from Google…')).toBeTruthy();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(await screen.findByText('Importing from Google… 15 days so far.')).toBeTruthy();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(await screen.findByText(/^480 days imported/)).toBeTruthy();
    await vi.advanceTimersByTimeAsync(15_000);
    expect(calls.filter((c) => c.method === 'GET' && c.path === STATE_PATH)).toHaveLength(3);
  });

  it('changes the property from the list, warning that the old figures go, and cancels back', async () => {
    serveApi({ states: [state({ connection: imported })] });
    renderAt();
    await userEvent.click(await screen.findByRole('button', { name: 'Change property' }));
    const current = await screen.findByRole('radio', { name: /sc-domain:example\.com/ });
    expect((current as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByText(SC_MESSAGES.replaces('sc-domain:example.com'))).toBeNull();
    await userEvent.click(screen.getByRole('radio', { name: /https:\/\/example\.com\/blog\// }));
    expect(screen.getByText(SC_MESSAGES.replaces('sc-domain:example.com'))).toBeTruthy();
    await userEvent.click(button('Cancel'));
    expect(await screen.findByRole('button', { name: 'Change property' })).toBeTruthy();
  });

  it('disconnects after confirming, deleting the figures when asked', async () => {
    const calls = serveApi({
      states: [state({ connection: imported }), state()],
      answer: (c) => (c.method === 'DELETE' ? new Response(null, { status: 204 }) : undefined),
    });
    renderAt();
    await userEvent.click(await screen.findByRole('button', { name: 'Disconnect' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(SC_MESSAGES.disconnectTitle)).toBeTruthy();
    expect(within(dialog).getByText(SC_MESSAGES.disconnectOauth)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: SC_MESSAGES.deleteData }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Disconnect' }));
    expect(await screen.findByText(SC_MESSAGES.disconnectedDeleted)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([
      { method: 'DELETE', path: STATE_PATH, search: '?delete_data=true', body: undefined },
    ]);
    expect(await screen.findByRole('button', { name: 'Connect a Google account' })).toBeTruthy();
  });

  it('keeps the figures unless asked', async () => {
    const calls = serveApi({
      states: [state({ connection: imported }), state()],
      answer: (c) => (c.method === 'DELETE' ? new Response(null, { status: 204 }) : undefined),
    });
    renderAt();
    await userEvent.click(await screen.findByRole('button', { name: 'Disconnect' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Disconnect' }));
    expect(await screen.findByText(SC_MESSAGES.disconnected)).toBeTruthy();
    expect(calls.find((c) => c.method === 'DELETE')?.search).toBe('?delete_data=false');
  });

  it('shows a member the connection without its controls', async () => {
    serveApi({ states: [state({ connection: imported })] });
    renderAt(undefined, MEMBER);
    expect(await screen.findByText(/^480 days imported/)).toBeTruthy();
    expect(within(await card()).queryAllByRole('button')).toEqual([]);
  });
});

describe('reconnect', () => {
  const refused = connection({
    status: 'reconnect',
    problem: SEARCH_CONSOLE_MESSAGES.permissionLost('sc-domain:example.com'),
  });

  it('says why Google refused, and offers to reconnect or pick another property', async () => {
    const open = vi.spyOn(googleConsentPage, 'open').mockImplementation(() => undefined);
    serveApi({
      states: [state({ connection: refused })],
      answer: (c) => (c.method === 'POST' ? json({ authorization_url: CONSENT_URL }) : undefined),
    });
    renderAt();
    const alert = await screen.findByText(SEARCH_CONSOLE_MESSAGES.permissionLost('sc-domain:example.com'));
    expect(alert.closest('.ant-alert')?.className).toContain('ant-alert-warning');
    await userEvent.click(button('Pick another property'));
    expect(await screen.findByRole('radio', { name: /https:\/\/example\.com\/blog\// })).toBeTruthy();
    await userEvent.click(button('Cancel'));
    await userEvent.click(await screen.findByRole('button', { name: 'Reconnect' }));
    await vi.waitFor(() => expect(open).toHaveBeenCalledWith(CONSENT_URL));
  });

  it('shows a member why, without buttons', async () => {
    serveApi({ states: [state({ connection: connection({ status: 'reconnect', problem: null }) })] });
    renderAt(undefined, MEMBER);
    expect(await screen.findByText(SEARCH_CONSOLE_MESSAGES.reconnect)).toBeTruthy();
    expect(screen.getByText(SC_MESSAGES.ownerOnlyReconnect)).toBeTruthy();
    expect(within(await card()).queryAllByRole('button')).toEqual([]);
  });
});
