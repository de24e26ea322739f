import type {
  LoadingTimeCheckReply,
  LoadingTimeReply,
  LoadingTimeReport,
  RegionProbe,
  Website,
} from '@sitelens/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, renderRoutes } from '../checkup/checkup-test-kit';
import { website } from '../deep-analysis/test-fixtures';
import { query, restoreStubs, screenRoutes, stubDataApi, tile } from '../seo-data/test-support';
import { type ApiCall, callsTo } from '../webmaster-tools/test-fixtures';
import { SiteSpeedScreen } from './site-speed-screen';

const ROUTES = screenRoutes('/site-speed', <SiteSpeedScreen />);
const SPEED = '/api/loading-time';
/** Today, for the ranges' dates: the 24 hours start yesterday, the 7 days on the 19th. */
const NOW = new Date('2026-11-26T12:00:00.000Z');

/** example.com, monitored from Ireland (its primary region), N. Virginia and Mumbai. */
const site = (): Website => {
  const base = website();
  return { ...base, settings: { ...base.settings, regions: ['eu-west-1', 'us-east-1', 'ap-south-1'] } };
};

const report = (
  c_at: string,
  loading_time: number,
  min_loading_time: number,
  max_loading_time: number,
  page_size: number,
  loading_speed: number,
): LoadingTimeReport => ({
  c_at,
  loading_time,
  min_loading_time,
  max_loading_time,
  page_size,
  loading_speed,
});

/** Three hours: 1,000 ms on average, 600 ms at the fastest, 2,100 ms at the slowest, 520 Kb. */
const HOURS = [
  report('2026-11-26T09:00:00.000Z', 800, 600, 1200, 512, 640),
  report('2026-11-26T10:00:00.000Z', 1000, 700, 1500, 520, 520),
  report('2026-11-26T11:00:00.000Z', 1200, 900, 2100, 528, 440),
];
/** Two days: 3,000 ms on average, 250 Kb. */
const DAYS = [
  report('2026-11-24T00:00:00.000Z', 2000, 1000, 5000, 200, 100),
  report('2026-11-25T00:00:00.000Z', 4000, 1500, 9000, 300, 75),
];

/** The probe on dublin-1 that measures Ireland, or measured it until it fell silent. */
const dublin = (last_report_at: string, silent = false): RegionProbe => ({
  region: 'eu-west-1',
  host: 'dublin-1',
  address: '198.51.100.9',
  last_report_at,
  silent,
});
const LIVE = [dublin('2026-11-26T11:59:48.000Z')];

function serve({
  speed = (call) => ({
    reports: call.query.get('group_by') === 'day' ? DAYS : HOURS,
    no_probe: false,
    probes: LIVE,
    monitored_since: '2026-10-01T08:00:00.000Z',
  }),
  check = () => json({ queued: ['eu-west-1'], no_probe: [] } satisfies LoadingTimeCheckReply, 202),
  websites = [site()],
}: {
  speed?: (call: ApiCall) => LoadingTimeReply;
  check?: (call: ApiCall) => Response;
  websites?: Website[];
} = {}) {
  stubDataApi({
    websites,
    screenCalls: (call) => {
      if (call.path === SPEED && call.method === 'GET') return json(speed(call));
      if (call.path === SPEED && call.method === 'POST') return check(call);
      return undefined;
    },
  });
}

/** The card is in (the first render of a file builds every Ant Design style: give it time). */
const loaded = (text: string) => screen.findByText(text, {}, { timeout: 5000 });
const chart = (name: string) => screen.findByRole('figure', { name });
const toast = (text: string) =>
  waitFor(() => expect(document.querySelector('.ant-notification')).toHaveTextContent(text));

beforeEach(() => {
  // Only Date: the ranges' days are counted from NOW; every timer stays real.
  vi.useFakeTimers({ toFake: ['Date'], now: NOW, shouldAdvanceTime: true });
});
afterEach(restoreStubs);

describe('the Site Speed screen', () => {
  it("shows the homepage's last 24 hours from the primary region: figures and chart", async () => {
    serve();
    renderRoutes(ROUTES, '/site-speed');
    expect(await loaded('Site Speed overview')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'https://example.com/' })).toHaveAttribute(
      'href',
      'https://example.com/',
    );

    expect(await screen.findByRole('region', { name: 'Average loading time' })).toHaveTextContent('1,000 ms');
    expect(tile('Fastest')).toHaveTextContent('600 ms');
    expect(tile('Slowest')).toHaveTextContent('2,100 ms');
    expect(tile('Average page size')).toHaveTextContent('520.0 Kb');

    const figure = await chart('Loading time over the last 24 hours');
    expect(figure.querySelectorAll('.recharts-line-curve')).toHaveLength(3);
    expect(within(figure).getByText('Loading time (ms)')).toBeInTheDocument();
    expect(within(figure).getByText('Page size (Kb)')).toBeInTheDocument();
    expect(within(figure).getByText('Loading speed (Kb/s)')).toBeInTheDocument();
    // The x axis reads hours of the day, UTC.
    expect(within(figure).getAllByText('10:00').length).toBeGreaterThan(0);

    expect(screen.getByRole('radio', { name: 'Last 24 hours' })).toBeChecked();
    expect(query(callsTo(SPEED, 'GET')[0])).toEqual({
      url: 'https://example.com/',
      region: 'eu-west-1',
      start_date: '2026-11-25',
      end_date: '2026-11-26',
      group_by: 'hour',
    });
  });

  it('reads the last 7 and 30 days by day, the axis in dates', async () => {
    serve();
    renderRoutes(ROUTES, '/site-speed');
    await chart('Loading time over the last 24 hours');

    await userEvent.click(screen.getByText('Last 7 days'));
    expect(screen.getByRole('radio', { name: 'Last 7 days' })).toBeChecked();
    const week = await chart('Loading time over the last 7 days');
    expect(query(callsTo(SPEED, 'GET').at(-1))).toMatchObject({
      start_date: '2026-11-19',
      end_date: '2026-11-26',
      group_by: 'day',
    });
    expect(within(week).getAllByText('25 Nov').length).toBeGreaterThan(0);
    expect(tile('Average loading time')).toHaveTextContent('3,000 ms');
    expect(tile('Slowest')).toHaveTextContent('9,000 ms');
    expect(tile('Average page size')).toHaveTextContent('250.0 Kb');

    await userEvent.click(screen.getByText('Last 30 days'));
    await chart('Loading time over the last 30 days');
    expect(query(callsTo(SPEED, 'GET').at(-1))).toMatchObject({ start_date: '2026-10-27', group_by: 'day' });
  });

  it('says since when the region measured the page when the range began before, and only then', async () => {
    // First page load at 09:14 UTC yesterday: the 24 hours were all measured, the 7 days were not.
    serve({
      speed: (call) => ({
        reports: call.query.get('group_by') === 'day' ? DAYS.slice(1) : HOURS,
        no_probe: false,
        probes: LIVE,
        monitored_since: '2026-11-25T09:14:00.000Z',
      }),
    });
    renderRoutes(ROUTES, '/site-speed');
    await chart('Loading time over the last 24 hours');
    expect(screen.queryByText(/Measured since/)).toBeNull();
    await userEvent.click(screen.getByText('Last 7 days'));
    await chart('Loading time over the last 7 days');
    expect(
      screen.getByText('Measured since 09:14 UTC, 25 Nov; nothing before was monitored'),
    ).toBeInTheDocument();
    // The figures are the measured day's alone.
    expect(tile('Average loading time')).toHaveTextContent('4,000 ms');
  });

  it("lists only the website's regions, and reads the one chosen", async () => {
    serve();
    renderRoutes(ROUTES, '/site-speed');
    await chart('Loading time over the last 24 hours');

    const select = screen.getByRole('combobox', { name: 'From region' });
    expect(select.closest('.ant-select')).toHaveTextContent('Europe (Ireland)');
    await userEvent.click(select);
    const list = (await screen.findByTitle('Asia Pacific (Mumbai)')).closest('.ant-select-dropdown');
    const options = list?.querySelectorAll('.ant-select-item-option') ?? [];
    expect([...options].map((option) => option.textContent)).toEqual([
      'Europe (Ireland)',
      'US East (N. Virginia)',
      'Asia Pacific (Mumbai)',
    ]);
    await userEvent.click(screen.getByTitle('US East (N. Virginia)'));
    await waitFor(() => expect(query(callsTo(SPEED, 'GET').at(-1))).toMatchObject({ region: 'us-east-1' }));
  });

  it("says 'No data for this url' without reports, and shows no figure", async () => {
    serve({ speed: () => ({ reports: [], no_probe: false, probes: LIVE, monitored_since: null }) });
    renderRoutes(ROUTES, '/site-speed');
    expect(await loaded('No data for this url')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Average loading time' })).toBeNull();
    expect(screen.queryByRole('figure')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('warns that the region has no probe, and how an operator starts one', async () => {
    serve({ speed: () => ({ reports: [], no_probe: true, probes: [], monitored_since: null }) });
    renderRoutes(ROUTES, '/site-speed');
    const warning = (await loaded('Europe (Ireland): no probe in this region')).closest(
      '.ant-alert',
    ) as HTMLElement;
    expect(warning).toHaveClass('ant-alert-warning');
    expect(warning).toHaveTextContent('sitelens probe --region eu-west-1');
    expect(warning).toHaveTextContent('PROBE_REGIONS');
    expect(screen.getByText('No data for this url')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Average loading time' })).toBeNull();
  });

  it('names the machine that measures the region and when it last reported', async () => {
    serve();
    renderRoutes(ROUTES, '/site-speed');
    await chart('Loading time over the last 24 hours');
    const probes = screen.getByRole('list', { name: 'Probes' });
    expect(
      within(probes)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Europe (Ireland): Measured by the probe on dublin-1 (198.51.100.9), last report at 11:59:48 UTC',
    ]);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says plainly that a silent probe measures nothing, never as measured', async () => {
    serve({
      speed: () => ({
        reports: HOURS,
        no_probe: true,
        probes: [dublin('2026-11-26T09:02:10.000Z', true)],
        monitored_since: '2026-10-01T08:00:00.000Z',
      }),
    });
    renderRoutes(ROUTES, '/site-speed');
    const warning = (
      await loaded(
        'Europe (Ireland): The probe on dublin-1 (198.51.100.9) last reported at 09:02 UTC: nothing measured since',
      )
    ).closest('.ant-alert') as HTMLElement;
    expect(warning).toHaveClass('ant-alert-warning');
    expect(warning).toHaveTextContent('sitelens probe --region eu-west-1');
    expect(screen.queryByText(/Measured by/)).toBeNull();
    expect(screen.queryByText(/no probe in this region/)).toBeNull();
  });

  it("'Check now' loads the page from the region and says so", async () => {
    serve();
    renderRoutes(ROUTES, '/site-speed');
    await chart('Loading time over the last 24 hours');
    await userEvent.click(screen.getByRole('button', { name: 'Check now' }));
    await toast('Loading the page now from Europe (Ireland); the chart shows it within a minute.');
    expect(callsTo(SPEED, 'POST').map((call) => call.body)).toEqual([
      { url: 'https://example.com/', region: 'eu-west-1' },
    ]);
  });

  it("'Check now' warns when no probe serves the region", async () => {
    serve({ check: () => json({ queued: [], no_probe: ['eu-west-1'] }, 202) });
    renderRoutes(ROUTES, '/site-speed');
    await chart('Loading time over the last 24 hours');
    await userEvent.click(screen.getByRole('button', { name: 'Check now' }));
    await toast('Europe (Ireland): no probe in this region');
    expect(document.querySelector('.ant-notification-notice-warning')).not.toBeNull();
  });

  it("'Check now' shows the server's refusal", async () => {
    serve({
      check: () => json({ error: 'The website is not monitored from this region', code: 'bad_request' }, 400),
    });
    renderRoutes(ROUTES, '/site-speed');
    await chart('Loading time over the last 24 hours');
    await userEvent.click(screen.getByRole('button', { name: 'Check now' }));
    await toast('The website is not monitored from this region');
    expect(document.querySelector('.ant-notification-notice-error')).not.toBeNull();
  });

  it("shows the server's error for a failed read", async () => {
    stubDataApi({
      websites: [site()],
      screenCalls: (call) => (call.path === SPEED ? json({ error: 'Unknown website URL' }, 404) : undefined),
    });
    renderRoutes(ROUTES, '/site-speed');
    const alert = await loaded('Unknown website URL');
    expect(alert.closest('.ant-alert')).toHaveClass('ant-alert-error');
  });

  it('sends a visitor without a tracked website to the dashboard', async () => {
    serve({ websites: [] });
    renderRoutes(ROUTES, '/site-speed');
    expect(
      await loaded(
        'You do not track any website yet. Add one on the dashboard to watch its loading time here.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the dashboard' })).toHaveAttribute('href', '/dashboard');
  });
});
