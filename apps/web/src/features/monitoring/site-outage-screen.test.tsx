import type {
  OutageContextReply,
  OutageEvent,
  OutageListReply,
  RegionProbe,
  Website,
} from '@sitelens/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, renderRoutes } from '../checkup/checkup-test-kit';
import { website } from '../deep-analysis/test-fixtures';
import { query, restoreStubs, screenRoutes, stubDataApi } from '../seo-data/test-support';
import { callsTo } from '../webmaster-tools/test-fixtures';
import { OutageMapCard } from './outage-map-card';
import { SiteOutageScreen } from './site-outage-screen';

const ROUTES = screenRoutes('/site-outage', <SiteOutageScreen />);
const LIST = '/api/outage/list';
const CONTEXT = '/api/outage/context';

/** Now: 26 Nov 2026, 15:00 UTC. */
const NOW = new Date('2026-11-26T15:00:00.000Z');
/** Over: 25 Nov 23:30 to 26 Nov 00:20, in Ireland. */
const ARCHIVED = '00000000-0000-4000-8000-0000000000e1';
/** Under way since 26 Nov 14:10, in N. Virginia. */
const ACTIVE = '00000000-0000-4000-8000-0000000000e2';

/** example.com, checked from N. Virginia, Ireland and Paris (where no probe runs). */
const tracked = (): Website => {
  const site = website();
  return { ...site, settings: { ...site.settings, regions: ['us-east-1', 'eu-west-1', 'eu-west-3'] } };
};

const probe = (
  region: RegionProbe['region'],
  host: string,
  address: string | null,
  last_report_at: string,
  silent = false,
): RegionProbe => ({ region, host, address, last_report_at, silent });

const outages = (fields: Partial<OutageListReply> = {}): OutageListReply => ({
  archived: [
    {
      guid: ARCHIVED,
      start_at: '2026-11-25T23:30:00.000Z',
      end_at: '2026-11-26T00:20:00.000Z',
      scope: 'regional',
      regions: ['eu-west-1'],
    },
  ],
  active: {
    guid: ACTIVE,
    created_at: Date.parse('2026-11-26T14:10:00.000Z') / 1000,
    scope: 'regional',
    regions: ['us-east-1'],
  },
  no_probe: ['eu-west-3'],
  probes: [
    probe('us-east-1', 'ashburn-1', '198.51.100.4', '2026-11-26T14:59:48.000Z'),
    probe('eu-west-1', 'dublin-1', null, '2026-11-26T14:59:51.000Z'),
  ],
  // Monitored for longer than the 30 days shown.
  monitored_since: '2026-09-01T08:00:00.000Z',
  ...fields,
});

const event = (
  created_at: string,
  type: OutageEvent['type'],
  value: OutageEvent['value'],
  error: string | null = null,
): OutageEvent => ({ created_at, region: 'us-east-1', type, value, error });

/** The active outage's failed checks: four pings (the fourth the latest) and two page loads. */
const activeContext: OutageContextReply = {
  guid: ACTIVE,
  events: [
    event('2026-11-26T14:10:05.000Z', 'ping', false),
    event('2026-11-26T14:11:05.000Z', 'ping', false),
    event('2026-11-26T14:12:05.000Z', 'ping', false),
    event('2026-11-26T14:13:07.000Z', 'ping', false),
    event('2026-11-26T14:10:30.000Z', 'loading_time', 25_000),
    event('2026-11-26T14:11:30.000Z', 'loading_time', null, 'HTTP 503'),
  ],
};
/** The archived outage's: one ping from Ireland, no page load. */
const archivedContext: OutageContextReply = {
  guid: ARCHIVED,
  events: [{ ...event('2026-11-25T23:31:00.000Z', 'ping', false), region: 'eu-west-1' }],
};

function serve({
  list = outages(),
  contexts = { [ACTIVE]: activeContext, [ARCHIVED]: archivedContext } as Record<
    string,
    OutageContextReply | Response
  >,
  websites = [tracked()],
} = {}) {
  stubDataApi({
    websites,
    screenCalls: (call) => {
      // The map's countries: none here, so only the markers and the legend are drawn.
      if (call.path.endsWith('countries-110m.json')) return json({ type: 'FeatureCollection', features: [] });
      if (call.path === LIST) return list instanceof Response ? list : json(list);
      if (call.path === CONTEXT) {
        const reply = contexts[call.query.get('guid') ?? ''];
        return reply instanceof Response ? reply : reply && json(reply);
      }
      return undefined;
    },
  });
}

/** The first render of a file builds every Ant Design style: give it time. */
const loaded = (text: string | RegExp) => screen.findByText(text, {}, { timeout: 5000 });
const dayCell = (name: string) => screen.getByRole('button', { name });
const legendStatus = (label: string) =>
  within(screen.getByRole('list', { name: 'Regions' }))
    .getByText(label)
    .closest('li') as HTMLElement;
const issues = (title: 'Ping issues' | 'HTTP issues') => screen.getByRole('region', { name: title });
const issueRows = (title: 'Ping issues' | 'HTTP issues') =>
  within(issues(title))
    .queryAllByRole('listitem')
    .map((li) => li.textContent);

beforeEach(() => {
  // Only the clock is fixed; timers stay real for Ant Design and user-event.
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
});
afterEach(restoreStubs);

describe('the Site Outage screen', () => {
  it('colours the 30 days: red with outages, green without, today selected', async () => {
    serve();
    renderRoutes(ROUTES, '/site-outage');
    await loaded('Last 30 days, times in UTC');

    const strip = screen.getByRole('group', { name: 'Outages by day' });
    expect(within(strip).getAllByRole('button')).toHaveLength(30);
    // The archived outage crosses midnight: it counts on both days.
    expect(dayCell('26 Nov: 2 outages')).toHaveClass('outage-day-down');
    expect(dayCell('26 Nov: 2 outages')).toHaveAttribute('aria-pressed', 'true');
    expect(dayCell('25 Nov: 1 outage')).toHaveClass('outage-day-down');
    expect(dayCell('24 Nov: no outages')).toHaveClass('outage-day-up');
    expect(dayCell('28 Oct: no outages')).toHaveClass('outage-day-up');
    expect(strip.querySelectorAll('.outage-day-down')).toHaveLength(2);
    expect(query(callsTo(LIST)[0])).toEqual({ url: 'https://example.com/' });
  });

  it('says the website is down, and where no probe measures', async () => {
    serve();
    renderRoutes(ROUTES, '/site-outage');
    await loaded('Last 30 days, times in UTC');
    const [down, noProbe, ...others] = screen.getAllByRole('alert');
    expect(others).toEqual([]);
    expect(down).toHaveClass('ant-alert-error');
    expect(down).toHaveTextContent('example.com is down since 14:10 UTC (US East (N. Virginia))');
    expect(noProbe).toHaveClass('ant-alert-warning');
    expect(noProbe).toHaveTextContent('Europe (Paris): no probe in this region');
    expect(noProbe).toHaveTextContent('sitelens probe --region <code>');
  });

  it('names the machine that measures each region and its last report; a silent probe measures nothing', async () => {
    serve({
      list: outages({
        no_probe: ['eu-west-1', 'eu-west-3'],
        probes: [
          probe('us-east-1', 'ashburn-1', '198.51.100.4', '2026-11-26T14:59:48.000Z'),
          probe('eu-west-1', 'dublin-1', null, '2026-11-26T14:02:30.000Z', true),
        ],
      }),
    });
    renderRoutes(ROUTES, '/site-outage');
    await loaded('Last 30 days, times in UTC');
    const probes = screen.getByRole('list', { name: 'Probes' });
    expect(
      within(probes)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'US East (N. Virginia): Measured by the probe on ashburn-1 (198.51.100.4), last report at 14:59:48 UTC',
      'Europe (Ireland): The probe on dublin-1 last reported at 14:02 UTC: nothing measured since',
      'Europe (Paris): no probe in this region',
    ]);
    // On the map, the silent region is not measured, never up.
    const legend = screen.getByRole('list', { name: 'Regions' });
    expect(within(legend).getByText('Europe (Ireland)').closest('li')).toHaveClass('outage-legend-no-probe');
  });

  it('dates a report of another day', async () => {
    serve({
      list: outages({
        no_probe: ['us-east-1', 'eu-west-3'],
        probes: [
          probe('us-east-1', 'ashburn-1', '198.51.100.4', '2026-11-24T08:15:00.000Z', true),
          probe('eu-west-1', 'dublin-1', null, '2026-11-26T14:59:51.000Z'),
        ],
      }),
    });
    renderRoutes(ROUTES, '/site-outage');
    await loaded('Last 30 days, times in UTC');
    expect(
      within(screen.getByRole('list', { name: 'Probes' })).getByText(
        /The probe on ashburn-1 \(198\.51\.100\.4\) last reported at 08:15 UTC, 24 Nov: nothing measured since/,
      ),
    ).toBeInTheDocument();
  });

  it('shows no alert without an active outage or a region without a probe', async () => {
    serve({
      list: outages({
        active: null,
        no_probe: [],
        probes: [
          ...outages().probes,
          probe('eu-west-3', 'paris-1', '198.51.100.7', '2026-11-26T14:59:50.000Z'),
        ],
      }),
    });
    renderRoutes(ROUTES, '/site-outage');
    await loaded('Last 30 days, times in UTC');
    expect(screen.queryByText(/is down since/)).toBeNull();
    expect(screen.queryByText(/no probe in this region/)).toBeNull();
    expect(dayCell('26 Nov: 1 outage')).toHaveClass('outage-day-down');
  });

  it('shows the days before the first check as not monitored, and today before it too', async () => {
    serve({
      list: outages({
        active: null,
        archived: [],
        no_probe: [],
        monitored_since: '2026-11-26T09:00:00.000Z',
      }),
    });
    renderRoutes(ROUTES, '/site-outage');
    await loaded('Last 30 days, times in UTC');
    expect(
      screen.getByText(/^Monitored since 09:00 UTC, 26 Nov: the time before is not monitored/),
    ).toBeInTheDocument();
    expect(dayCell('25 Nov: not monitored')).toHaveClass('outage-day-unmonitored');
    expect(dayCell('28 Oct: not monitored')).toHaveClass('outage-day-unmonitored');
    expect(dayCell('26 Nov: no outages')).toHaveClass('outage-day-up');
    const timeline = screen.getByRole('group', { name: 'Timeline of 26 Nov (UTC)' });
    expect(timeline.querySelector('.outage-segment-unmonitored')).toHaveAttribute(
      'title',
      'Not monitored, 00:00 – 09:00 UTC',
    );
    expect(timeline.querySelector('.outage-segment-ok')).toHaveAttribute(
      'title',
      'No outage, 09:00 – 15:00 UTC',
    );
    await userEvent.click(dayCell('25 Nov: not monitored'));
    expect(
      await screen.findByText('25 Nov was not monitored: it is before the first check.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('No outage on 25 Nov')).toBeNull();
  });

  it('before the first check, says nothing is monitored yet and colours no day green', async () => {
    serve({ list: outages({ active: null, archived: [], no_probe: [], monitored_since: null }) });
    renderRoutes(ROUTES, '/site-outage');
    await loaded('Last 30 days, times in UTC');
    expect(screen.getByText(/^Not monitored yet: the first check has not run/)).toBeInTheDocument();
    expect(document.querySelectorAll('.outage-day-up')).toHaveLength(0);
    expect(document.querySelectorAll('.outage-day-unmonitored')).toHaveLength(30);
  });

  it('selects the active outage first: its span, the map legend and its issues', async () => {
    serve();
    renderRoutes(ROUTES, '/site-outage');
    await loaded('Last 30 days, times in UTC');

    expect(screen.getByText('14:10 UTC, 26 Nov – ongoing')).toBeInTheDocument();
    const timeline = screen.getByRole('group', { name: 'Timeline of 26 Nov (UTC)' });
    const outageButtons = within(timeline).getAllByRole('button');
    expect(outageButtons).toHaveLength(2);
    expect(outageButtons[1]).toHaveAttribute('aria-pressed', 'true');
    expect(timeline.querySelector('.outage-segment-future')).not.toBeNull();

    expect(legendStatus('US East (N. Virginia)')).toHaveTextContent(/Down$/);
    expect(legendStatus('Europe (Ireland)')).toHaveTextContent(/Up$/);
    expect(legendStatus('Europe (Paris)')).toHaveTextContent(/no probe in this region$/);
    expect(document.querySelectorAll('.rsm-marker.outage-marker-down')).toHaveLength(1);
    // The countries come from this server (an asset of the app), never from a CDN.
    const atlas = vi
      .mocked(fetch)
      .mock.calls.map(([input]) => String(input))
      .find((input) => input.includes('countries-110m.json'));
    expect(atlas).toMatch(/^\/[^/]/);

    await waitFor(() => expect(issueRows('Ping issues')).toHaveLength(3));
    expect(query(callsTo(CONTEXT)[0])).toEqual({ guid: ACTIVE });
    expect(issueRows('Ping issues')[0]).toBe('14:10:05 UTCUS East (N. Virginia)Ping failed');
    expect(issueRows('HTTP issues')).toEqual([
      '14:10:30 UTCUS East (N. Virginia)Loading time > 20s',
      '14:11:30 UTCUS East (N. Virginia)HTTP 503',
    ]);
  });

  it("'+More issues' shows the fourth ping issue and '-Show less' hides it", async () => {
    serve();
    renderRoutes(ROUTES, '/site-outage');
    await loaded('Last 30 days, times in UTC');
    await waitFor(() => expect(issueRows('Ping issues')).toHaveLength(3));
    expect(within(issues('Ping issues')).queryByText('14:13:07 UTC')).toBeNull();
    // Two HTTP issues: nothing to unfold.
    expect(within(issues('HTTP issues')).queryByRole('button')).toBeNull();

    await userEvent.click(within(issues('Ping issues')).getByRole('button', { name: '+More issues' }));
    expect(within(issues('Ping issues')).getByText('14:13:07 UTC')).toBeInTheDocument();
    expect(issueRows('Ping issues')).toHaveLength(4);

    await userEvent.click(within(issues('Ping issues')).getByRole('button', { name: '-Show less' }));
    expect(within(issues('Ping issues')).queryByText('14:13:07 UTC')).toBeNull();
    expect(within(issues('Ping issues')).getByRole('button', { name: '+More issues' })).toBeInTheDocument();
  });

  it('selects another day and its latest outage; an empty HTTP list says so', async () => {
    serve();
    renderRoutes(ROUTES, '/site-outage');
    await loaded('Last 30 days, times in UTC');

    await userEvent.click(dayCell('25 Nov: 1 outage'));
    expect(dayCell('25 Nov: 1 outage')).toHaveClass('outage-day-selected');
    expect(dayCell('26 Nov: 2 outages')).not.toHaveClass('outage-day-selected');
    expect(screen.getByText('23:30, 25 Nov – 00:20 UTC, 26 Nov')).toBeInTheDocument();
    // A past day has no future time.
    const timeline = screen.getByRole('group', { name: 'Timeline of 25 Nov (UTC)' });
    expect(timeline.querySelector('.outage-segment-future')).toBeNull();

    expect(legendStatus('Europe (Ireland)')).toHaveTextContent(/Down$/);
    expect(legendStatus('US East (N. Virginia)')).toHaveTextContent(/Up$/);
    await waitFor(() =>
      expect(issueRows('Ping issues')).toEqual(['23:31:00 UTCEurope (Ireland)Ping failed']),
    );
    expect(within(issues('HTTP issues')).getByText('No issues found')).toBeInTheDocument();

    // A day without outage selects none.
    await userEvent.click(dayCell('24 Nov: no outages'));
    expect(screen.getByText('No outage on 24 Nov')).toBeInTheDocument();
    expect(within(issues('Ping issues')).getByText('No issues found')).toBeInTheDocument();
  });

  it('selects an outage clicked on the timeline', async () => {
    serve();
    renderRoutes(ROUTES, '/site-outage');
    await loaded('Last 30 days, times in UTC');
    const timeline = screen.getByRole('group', { name: 'Timeline of 26 Nov (UTC)' });
    const earlier = within(timeline).getByRole('button', {
      name: 'Outage 23:30, 25 Nov – 00:20 UTC, 26 Nov',
    });
    expect(earlier).toHaveAttribute('aria-pressed', 'false');

    await userEvent.click(earlier);
    expect(earlier).toHaveAttribute('aria-pressed', 'true');
    expect(earlier).toHaveClass('outage-segment-active');
    expect(screen.getByText('23:30, 25 Nov – 00:20 UTC, 26 Nov')).toBeInTheDocument();
    expect(legendStatus('Europe (Ireland)')).toHaveTextContent(/Down$/);
    await waitFor(() => expect(callsTo(CONTEXT).map((c) => c.query.get('guid'))).toContain(ARCHIVED));
  });

  it('shows the lists empty when the context fails to load', async () => {
    // A failed context is asked for once more, 1 s later (React Query's first retry delay): the
    // test moves the clock past that instead of waiting.
    vi.useFakeTimers({ now: NOW, shouldAdvanceTime: true });
    serve({ contexts: { [ACTIVE]: json({ error: 'Outage not found', code: 'not_found' }, 404) } });
    renderRoutes(ROUTES, '/site-outage');
    await loaded('Last 30 days, times in UTC');
    await waitFor(() => expect(callsTo(CONTEXT).length).toBeGreaterThan(0));
    await vi.advanceTimersByTimeAsync(1000);
    expect(await within(issues('Ping issues')).findByText('No issues found')).toBeInTheDocument();
    expect(callsTo(CONTEXT).map((call) => call.query.get('guid'))).toEqual([ACTIVE, ACTIVE]);
    expect(within(issues('HTTP issues')).getByText('No issues found')).toBeInTheDocument();
    expect(screen.queryByText('Outage not found')).toBeNull();
  });

  it("shows the server's error when the outages cannot be read", async () => {
    serve({
      list: json({ error: 'Website not found', code: 'not_found' }, 404) as unknown as OutageListReply,
    });
    renderRoutes(ROUTES, '/site-outage');
    const error = await loaded('Website not found');
    expect(error.closest('.ant-alert')).toHaveClass('ant-alert-error');
    expect(screen.queryByText('Last 30 days, times in UTC')).toBeNull();
  });

  it('sends a visitor without a tracked website to the dashboard', async () => {
    serve({ websites: [] });
    renderRoutes(ROUTES, '/site-outage');
    expect(
      await loaded('You do not track any website yet. Add one on the dashboard to watch its outages here.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the dashboard' })).toHaveAttribute('href', '/dashboard');
  });
});

describe("the dashboard's Site Outage card", () => {
  const CARD = [{ path: '/dashboard', element: <OutageMapCard website={tracked()} /> }];

  it('shows the regions now, since when the website is down, and links to the screen', async () => {
    serve();
    renderRoutes(CARD, '/dashboard');
    expect(await loaded('Down since 14:10 UTC')).toBeInTheDocument();
    expect(screen.getByText('Site Outage')).toBeInTheDocument();
    expect(legendStatus('US East (N. Virginia)')).toHaveTextContent(/Down$/);
    expect(legendStatus('Europe (Ireland)')).toHaveTextContent(/Up$/);
    expect(legendStatus('Europe (Paris)')).toHaveTextContent(/no probe in this region$/);
    expect(screen.getByRole('link', { name: 'View outages' })).toHaveAttribute(
      'href',
      `/site-outage?w_guid=${tracked().guid}`,
    );
  });

  it('counts the outages of the last 30 days when none is under way', async () => {
    serve({ list: outages({ active: null }) });
    renderRoutes(CARD, '/dashboard');
    expect(await loaded('1 outage in the last 30 days')).toBeInTheDocument();
    expect(legendStatus('US East (N. Virginia)')).toHaveTextContent(/Up$/);
  });

  it('says when there was none', async () => {
    serve({ list: outages({ active: null, archived: [] }) });
    renderRoutes(CARD, '/dashboard');
    expect(await loaded('No outage in the last 30 days')).toBeInTheDocument();
  });

  it('counts only monitored time: since when, in the first day and within the 30 days', async () => {
    serve({ list: outages({ active: null, archived: [], monitored_since: '2026-11-26T09:00:00.000Z' }) });
    renderRoutes(CARD, '/dashboard');
    expect(await loaded('Monitored since 09:00 UTC, 26 Nov')).toBeInTheDocument();
    expect(screen.queryByText('No outage in the last 30 days')).toBeNull();
  });

  it('says nothing was monitored before the first check', async () => {
    serve({ list: outages({ active: null, archived: [], monitored_since: null }) });
    renderRoutes(CARD, '/dashboard');
    expect(await loaded('Not monitored yet: the first check has not run')).toBeInTheDocument();
    expect(screen.queryByText('No outage in the last 30 days')).toBeNull();
  });

  it('says so when the outages cannot be read', async () => {
    serve({ list: json({ error: 'boom' }, 500) as unknown as OutageListReply });
    renderRoutes(CARD, '/dashboard');
    expect(await loaded('The outages could not be loaded.')).toBeInTheDocument();
  });
});
