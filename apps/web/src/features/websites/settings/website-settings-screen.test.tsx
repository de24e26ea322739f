import { MESSAGES, type OutageListReply, WEBSITE_MESSAGES, type Website } from '@sitelens/contracts';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Session, SessionProvider } from '../../../session/session-context';
import { json, renderRoutes, SESSION, stubApi } from '../../checkup/checkup-test-kit';
import { WebsiteSettingsScreen } from './website-settings-screen';

const GUID = '6f1c7f0e-2a3b-4c5d-8e9f-0a1b2c3d4e5f';

const website = (settings: Partial<Website['settings']> = {}, keywords = ['oak table']): Website => ({
  guid: GUID,
  domain: 'example.com',
  homepage_url: 'https://example.com/',
  c_at: '2026-01-01T00:00:00.000Z',
  status: 'new',
  discovered_urls: 0,
  on_page_seo: null,
  sitemap_urls: [],
  settings: {
    competitors: ['https://rival.com/'],
    regions: ['us-east-1'],
    location_name: 'United States',
    language_code: 'en',
    notifications: { ping_uptime: true, http_uptime: true, page_load_timeout: true },
    ...settings,
  },
  keywords,
});

const LOCATIONS = [
  { location_name: 'Germany', language_code: 'de', language_name: 'German' },
  { location_name: 'Switzerland', language_code: 'de', language_name: 'German' },
  { location_name: 'Switzerland', language_code: 'fr', language_name: 'French' },
  { location_name: 'United States', language_code: 'en', language_name: 'English' },
];

const REGIONS = {
  regions: {
    'us-east-1': 'US East (N. Virginia)',
    'eu-west-2': 'Europe (London)',
    'eu-west-1': 'Europe (Ireland)',
  },
  order: ['us-east-1', 'eu-west-2', 'eu-west-1'],
};

/** The outage list the probes of the saved regions are read from: N. Virginia measured by ashburn-1. */
const OUTAGES: OutageListReply = {
  archived: [],
  active: null,
  no_probe: [],
  probes: [
    {
      region: 'us-east-1',
      host: 'ashburn-1',
      address: '198.51.100.4',
      last_report_at: '2026-11-26T14:59:48.000Z',
      silent: false,
    },
  ],
  monitored_since: '2026-11-01T00:00:00.000Z',
};

interface Call {
  method: string;
  path: string;
  body: unknown;
}

/** The API as the screen sees it; `answer` may take over any call (return undefined to fall through). */
function serveApi({
  websites = [website()],
  plan = { max_competitors: 2, max_monitored_regions: 1 },
  usage = { keywords_no: 1, max_keywords: 5 },
  answer,
}: {
  websites?: Website[] | Response;
  plan?: Record<string, number>;
  usage?: { keywords_no: number; max_keywords: number };
  answer?: (call: Call) => Response | undefined;
} = {}) {
  const calls: Call[] = [];
  stubApi((path, init) => {
    const call = {
      method: init?.method ?? 'GET',
      path,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    const own = answer?.(call);
    if (own) return own;
    if (call.method !== 'GET') return undefined;
    if (path === '/api/website-index') return websites instanceof Response ? websites : json(websites);
    if (path === '/api/subscription') return json({ plan_code: 'pro-monthly', plan_settings: plan });
    if (path === '/api/website-index/regions') return json(REGIONS);
    if (path === '/api/website-index/locations') return json(LOCATIONS);
    if (path === '/api/website-index/keyword-usage') return json(usage);
    if (path === '/api/outage/list') return json(OUTAGES);
    return undefined;
  });
  return calls;
}

const sent = (calls: Call[], method: string, path: string) =>
  calls.filter((c) => c.method === method && c.path === path).map((c) => c.body);

const SETTINGS = `/api/website-index/settings/${GUID}`;

/** A member of the same team: the owner's settings are not offered to them. */
const MEMBER: Session = {
  ...SESSION,
  org_role: 'member',
  team: { name: 'Growth team', owner: 'lin@example.test' },
};

const renderAt = (section: string, session: Session = SESSION) =>
  renderRoutes(
    [
      {
        path: '/dashboard/settings/:section',
        element: (
          <SessionProvider initial={session}>
            <WebsiteSettingsScreen />
          </SessionProvider>
        ),
      },
      { path: '/dashboard', element: <p>The dashboard</p> },
    ],
    `/dashboard/settings/${section}?w_guid=${GUID}`,
  );

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('the website settings screen', () => {
  it('sends an unknown section to competitors, keeping the website', async () => {
    serveApi();
    const router = renderAt('nope');
    expect(await screen.findByText('https://rival.com/')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard/settings/competitors');
    expect(router.state.location.search).toBe(`?w_guid=${GUID}`);
    expect(screen.getByRole('tab', { name: 'Uptime Notifications' })).toBeTruthy();
  });

  it('offers the dashboard when no website is tracked', async () => {
    serveApi({ websites: [] });
    renderAt('competitors');
    expect(await screen.findByText(/You do not track any website yet/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the dashboard' }).getAttribute('href')).toBe('/dashboard');
  });

  it("shows the server's text when the websites cannot be read", async () => {
    serveApi({ websites: json({ error: 'The database is resting.' }, 503) });
    renderAt('keywords');
    expect(await screen.findByText('The database is resting.')).toBeTruthy();
  });
});

describe('competitors', () => {
  it('refuses an invalid URL and a duplicate, then saves the lower-cased, trimmed URL', async () => {
    const saved = website({ competitors: ['https://rival.com/', 'https://new.com/'] });
    let patched = false;
    const calls = serveApi({
      answer: (c) => {
        if (c.method === 'PATCH') patched = true;
        if (c.method === 'PATCH' || (patched && c.path === '/api/website-index'))
          return json(c.method === 'PATCH' ? saved : [saved]);
        return undefined;
      },
    });
    renderAt('competitors');
    const input = await screen.findByLabelText('Competitor URL');
    const add = screen.getByRole('button', { name: 'Add competitor' });
    await vi.waitFor(() => expect(add.hasAttribute('disabled')).toBe(false));

    await userEvent.type(input, 'not a url');
    await userEvent.click(add);
    expect(await screen.findByText(WEBSITE_MESSAGES.invalidUrl)).toBeTruthy();

    await userEvent.clear(input);
    await userEvent.type(input, 'Rival.com');
    await userEvent.click(add);
    expect(await screen.findByText(WEBSITE_MESSAGES.competitorDuplicate)).toBeTruthy();

    await userEvent.clear(input);
    await userEvent.type(input, '  NEW.com ');
    await userEvent.click(add);
    await vi.waitFor(() =>
      expect(sent(calls, 'PATCH', SETTINGS)).toEqual([
        { competitors: ['https://rival.com/', 'https://new.com/'] },
      ]),
    );
    expect(await screen.findByText('Competitors saved.')).toBeTruthy();
    expect(await screen.findByText('https://new.com/')).toBeTruthy();
  });

  it("shows the server's refusal on the field", async () => {
    const limit = 'Your plan allows up to 2 competitors per website.';
    serveApi({
      answer: (c) =>
        c.method === 'PATCH'
          ? json(
              {
                error: limit,
                code: 'forbidden',
                fields: [{ field: 'settings.competitors', message: limit }],
              },
              403,
            )
          : undefined,
    });
    renderAt('competitors');
    const add = await screen.findByRole('button', { name: 'Add competitor' });
    await vi.waitFor(() => expect(add.hasAttribute('disabled')).toBe(false));
    await userEvent.type(screen.getByLabelText('Competitor URL'), 'other.com');
    await userEvent.click(add);
    expect(await screen.findByText(limit)).toBeTruthy();
  });

  it('removes one, and disables adding at the limit', async () => {
    const calls = serveApi({
      plan: { max_competitors: 1 },
      answer: (c) => (c.method === 'PATCH' ? json(website({ competitors: [] })) : undefined),
    });
    renderAt('competitors');
    expect(await screen.findByText('Your plan allows up to 1 competitors per website.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add competitor' }).hasAttribute('disabled')).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Remove https://rival.com/' }));
    await vi.waitFor(() => expect(sent(calls, 'PATCH', SETTINGS)).toEqual([{ competitors: [] }]));
  });
});

describe('keywords', () => {
  it('requires a keyword, sends the list split on commas and lines, and shows the refusal on the field', async () => {
    const calls = serveApi({
      answer: (c) =>
        c.method === 'POST'
          ? json(
              {
                error: WEBSITE_MESSAGES.keywordsExceeded,
                code: 'forbidden',
                fields: [{ field: 'keywords', message: WEBSITE_MESSAGES.keywordsExceeded }],
              },
              403,
            )
          : undefined,
    });
    renderAt('keywords');
    expect(await screen.findByText('oak table')).toBeTruthy();
    const add = await screen.findByRole('button', { name: 'Add keywords' });
    await userEvent.click(add);
    expect(await screen.findByText('This field is required!')).toBeTruthy();

    await userEvent.type(screen.getByLabelText('Add keywords'), 'chairs, desk{Enter} lamp ,');
    await userEvent.click(add);
    expect(await screen.findByText(WEBSITE_MESSAGES.keywordsExceeded)).toBeTruthy();
    expect(sent(calls, 'POST', '/api/dfs/tracked-keywords/batch')).toEqual([
      {
        domain: 'example.com',
        location_name: 'United States',
        language_code: 'en',
        keywords: ['chairs', 'desk', 'lamp'],
      },
    ]);
  });

  it('hides the form at the limit and removes a keyword', async () => {
    const calls = serveApi({
      usage: { keywords_no: 3, max_keywords: 3 },
      answer: (c) => (c.method === 'DELETE' ? new Response(null, { status: 204 }) : undefined),
    });
    renderAt('keywords');
    expect(await screen.findByText(WEBSITE_MESSAGES.keywordsAtLimit(3))).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add keywords' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Remove oak table' }));
    await vi.waitFor(() =>
      expect(sent(calls, 'DELETE', '/api/dfs/tracked-keywords')).toEqual([
        { domain: 'example.com', keyword: 'oak table' },
      ]),
    );
  });
});

/** Opens an antd Select by its label and picks the option with that text. */
async function pick(label: string, option: string) {
  await userEvent.click(screen.getByLabelText(label));
  const choices = await screen.findAllByTitle(option);
  await userEvent.click(choices[choices.length - 1]!);
}

describe('monitor locations', () => {
  it('shows no additional regions when the plan allows one', async () => {
    serveApi({ plan: { max_monitored_regions: 1 } });
    renderAt('monitor-locations');
    expect(await screen.findByLabelText('Primary region')).toBeTruthy();
    expect(screen.queryByLabelText('Additional regions')).toBeNull();
  });

  it('allows max − 1 additional regions besides the primary, and clears them with a new primary', async () => {
    const calls = serveApi({
      plan: { max_monitored_regions: 2 },
      answer: (c) => (c.method === 'PATCH' ? json(website({ regions: ['eu-west-1'] })) : undefined),
    });
    renderAt('monitor-locations');
    expect(await screen.findByText('Up to 1 additional region.')).toBeTruthy();
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save.hasAttribute('disabled')).toBe(true);

    await pick('Additional regions', 'Europe (London)');
    // The limit is reached: the other region cannot be chosen as well; the primary is not offered.
    const ireland = await screen.findAllByTitle('Europe (Ireland)');
    expect(ireland.at(-1)?.className).toContain('ant-select-item-option-disabled');
    const listbox = document.querySelector(
      '.ant-select-dropdown:not(.ant-select-dropdown-hidden)',
    ) as HTMLElement;
    expect(within(listbox).queryByTitle('US East (N. Virginia)')).toBeNull();

    await pick('Primary region', 'Europe (Ireland)');
    await userEvent.click(save);
    await vi.waitFor(() => expect(sent(calls, 'PATCH', SETTINGS)).toEqual([{ regions: ['eu-west-1'] }]));
  });

  it('sends the primary first, then the additional ones', async () => {
    const calls = serveApi({
      plan: { max_monitored_regions: 3 },
      answer: (c) =>
        c.method === 'PATCH' ? json(website({ regions: ['us-east-1', 'eu-west-2'] })) : undefined,
    });
    renderAt('monitor-locations');
    await screen.findByText('Up to 2 additional regions.');
    await pick('Additional regions', 'Europe (London)');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() =>
      expect(sent(calls, 'PATCH', SETTINGS)).toEqual([{ regions: ['us-east-1', 'eu-west-2'] }]),
    );
  });

  it('names the probe that measures each saved region and its last report; a silent one measures nothing', async () => {
    const calls = serveApi({
      websites: [website({ regions: ['us-east-1', 'eu-west-1', 'eu-west-2'] })],
      plan: { max_monitored_regions: 3 },
      answer: (c) =>
        c.path === '/api/outage/list'
          ? json({
              ...OUTAGES,
              no_probe: ['eu-west-1', 'eu-west-2'],
              probes: [
                ...OUTAGES.probes,
                {
                  region: 'eu-west-1',
                  host: 'dublin-1',
                  address: null,
                  // An hour ago: yesterday when the test runs before 01:00 UTC, so with its day then.
                  last_report_at: new Date(Date.now() - 3_600_000).toISOString(),
                  silent: true,
                },
              ],
            })
          : undefined,
    });
    renderAt('monitor-locations');
    const probes = await screen.findByRole('list', { name: 'Probes' });
    const items = within(probes)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(items[0]).toMatch(
      /^US East \(N\. Virginia\): Measured by the probe on ashburn-1 \(198\.51\.100\.4\), last report at 14:59:48 UTC(, 26 Nov)?$/,
    );
    expect(items[1]).toMatch(
      /^Europe \(Ireland\): The probe on dublin-1 last reported at \d\d:\d\d UTC(, \d+ \w{3})?: nothing measured since$/,
    );
    expect(items[2]).toBe('Europe (London): no probe in this region');
    expect(calls.filter((c) => c.path === '/api/outage/list')).toHaveLength(1);
  });

  it('says while the probes load, when they cannot be read, and when no region is monitored', async () => {
    // An answer that never ends: the probes are loading.
    serveApi({
      answer: (c) =>
        c.path === '/api/outage/list' ? new Response(new ReadableStream({ start() {} })) : undefined,
    });
    renderAt('monitor-locations');
    const section = await screen.findByRole('region', { name: 'Probes' });
    await vi.waitFor(() => expect(section.querySelector('.ant-skeleton')).not.toBeNull());
    cleanup();

    serveApi({
      answer: (c) => (c.path === '/api/outage/list' ? json({ error: 'Website not found' }, 404) : undefined),
    });
    renderAt('monitor-locations');
    expect(await screen.findByText('Website not found')).toBeTruthy();
    cleanup();

    const calls = serveApi({ websites: [website({ regions: [] })] });
    renderAt('monitor-locations');
    expect(await screen.findByText('No region is monitored yet.')).toBeTruthy();
    expect(calls.filter((c) => c.path === '/api/outage/list')).toEqual([]);
  });

  it('says when the plan has no monitoring', async () => {
    serveApi({ plan: { max_monitored_regions: 0 } });
    renderAt('monitor-locations');
    expect(await screen.findByText(MESSAGES.featureNotInPlan)).toBeTruthy();
  });
});

describe('uptime notifications', () => {
  it('says a page must load in under 20 s and saves the choices', async () => {
    const calls = serveApi({
      answer: (c) => (c.method === 'PATCH' ? json(website()) : undefined),
    });
    renderAt('notifications');
    expect(await screen.findByText(/A page must load in under 20 s/)).toBeTruthy();
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save.hasAttribute('disabled')).toBe(true);
    await userEvent.click(screen.getByRole('checkbox', { name: /Ping uptime/ }));
    await userEvent.click(save);
    await vi.waitFor(() =>
      expect(sent(calls, 'PATCH', SETTINGS)).toEqual([
        { notifications: { ping_uptime: false, http_uptime: true, page_load_timeout: true } },
      ]),
    );
  });
});

describe('regional database', () => {
  it('takes the first language of a new country and applies only a change', async () => {
    const calls = serveApi({
      answer: (c) =>
        c.method === 'PATCH'
          ? json(website({ location_name: 'Switzerland', language_code: 'de' }))
          : undefined,
    });
    renderAt('regional-database');
    const apply = await screen.findByRole('button', { name: 'Apply' });
    expect(apply.hasAttribute('disabled')).toBe(true);
    await pick('Location', 'Switzerland');
    expect(await screen.findByTitle('German')).toBeTruthy();
    expect(apply.hasAttribute('disabled')).toBe(false);
    await userEvent.click(apply);
    await vi.waitFor(() =>
      expect(sent(calls, 'PATCH', SETTINGS)).toEqual([{ location_name: 'Switzerland', language_code: 'de' }]),
    );
  });
});

describe('removing the website', () => {
  it('names what goes and what stays, deletes it and returns to the dashboard', async () => {
    const calls = serveApi({
      answer: (c) => (c.method === 'DELETE' ? new Response(null, { status: 204 }) : undefined),
    });
    const router = renderAt('remove-url');
    await userEvent.click(await screen.findByRole('button', { name: 'Remove example.com' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Remove example.com?')).toBeTruthy();
    expect(
      within(dialog).getByText(
        'This deletes example.com with its settings, its competitors, its tracked keywords and the checkups its setup wizard started.',
      ),
    ).toBeTruthy();
    expect(
      within(dialog).getByText(/Checkups you ran from the SEO Checkup form stay in your archive/),
    ).toBeTruthy();
    expect(sent(calls, 'DELETE', `/api/website-index/${GUID}`)).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(sent(calls, 'DELETE', `/api/website-index/${GUID}`)).toHaveLength(1);
    expect(await screen.findByText('The dashboard')).toBeTruthy();
  });

  it('is not offered to a member, who may not remove a website: its address opens competitors', async () => {
    const calls = serveApi();
    const router = renderAt('remove-url', MEMBER);
    expect(await screen.findByText('https://rival.com/')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard/settings/competitors');
    expect(router.state.location.search).toBe(`?w_guid=${GUID}`);
    expect(screen.getByRole('tab', { name: 'Uptime Notifications' })).toBeTruthy();
    expect(screen.queryByRole('tab', { name: 'Remove Domain/Website' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove example.com' })).toBeNull();
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([]);
  });
});
