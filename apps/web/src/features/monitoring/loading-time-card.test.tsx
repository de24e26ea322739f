import type { LoadingTimeReply, Website } from '@sitelens/contracts';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { json, renderRoutes } from '../checkup/checkup-test-kit';
import { W, website } from '../deep-analysis/test-fixtures';
import { query, restoreStubs } from '../seo-data/test-support';
import { callsTo, stubCalls } from '../webmaster-tools/test-fixtures';
import { LoadingTimeCard } from './loading-time-card';
import { formatDay, formatTime } from './outage-timeline';

const SPEED = '/api/loading-time';

/** example.com, monitored from Frankfurt (its primary region) and N. Virginia. */
const site = (): Website => {
  const base = website();
  return { ...base, settings: { ...base.settings, regions: ['eu-central-1', 'us-east-1'] } };
};

const report = (c_at: string, loading_time: number) => ({
  c_at,
  loading_time,
  min_loading_time: loading_time - 100,
  max_loading_time: loading_time + 400,
  page_size: 512,
  loading_speed: 600,
});

function show(reply: LoadingTimeReply | Response) {
  stubCalls((call) => (call.path === SPEED ? (reply instanceof Response ? reply : json(reply)) : undefined));
  renderRoutes([{ path: '/dashboard', element: <LoadingTimeCard website={site()} /> }], '/dashboard');
}

const card = () => screen.getByText('Loading Time').closest('.ant-card') as HTMLElement;

afterEach(restoreStubs);

describe("the dashboard's Loading Time card", () => {
  it("shows the primary region's last 24 hours, the latest average and the link to Site Speed", async () => {
    show({
      reports: [report('2026-11-26T10:00:00.000Z', 900), report('2026-11-26T11:00:00.000Z', 1234)],
      no_probe: false,
      probes: [],
      monitored_since: '2026-10-01T08:00:00.000Z',
    });
    const latest = await screen.findByRole('region', { name: 'Latest average' }, { timeout: 5000 });
    expect(latest).toHaveTextContent('1,234 ms');
    expect(latest).toHaveTextContent('11:00 UTC');
    expect(within(card()).getByText('Last 24 hours from Europe (Frankfurt)')).toBeInTheDocument();
    // Monitored for weeks: the 24 hours were all measured.
    expect(within(card()).queryByText(/Measured since/)).toBeNull();
    expect(
      within(card()).getByRole('figure', { name: 'Loading time over the last 24 hours' }),
    ).toBeInTheDocument();
    expect(within(card()).getByRole('link', { name: 'View site speed' })).toHaveAttribute(
      'href',
      `/site-speed?w_guid=${W}`,
    );
    expect(query(callsTo(SPEED)[0])).toMatchObject({
      url: 'https://example.com/',
      region: 'eu-central-1',
      group_by: 'hour',
    });
  });

  it('says since when the region measured the page when that is less than 24 hours ago', async () => {
    const since = new Date(Date.now() - 2 * 3_600_000);
    since.setUTCSeconds(0, 0);
    show({
      reports: [report(since.toISOString(), 800)],
      no_probe: false,
      probes: [],
      monitored_since: since.toISOString(),
    });
    await screen.findByRole('region', { name: 'Latest average' }, { timeout: 5000 });
    expect(
      within(card()).getByText(
        `Measured since ${formatTime(since.getTime())} UTC, ${formatDay(since.getTime())}; nothing before was monitored`,
      ),
    ).toBeInTheDocument();
  });

  it("says 'No data for this url' without reports", async () => {
    show({ reports: [], no_probe: false, probes: [], monitored_since: null });
    expect(await screen.findByText('No data for this url', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Latest average' })).toBeNull();
    expect(screen.queryByRole('figure')).toBeNull();
    expect(within(card()).getByRole('link', { name: 'View site speed' })).toBeInTheDocument();
  });

  it('warns when no probe serves the primary region', async () => {
    show({ reports: [], no_probe: true, probes: [], monitored_since: null });
    const warning = await screen.findByText(
      'Europe (Frankfurt): no probe in this region',
      {},
      { timeout: 5000 },
    );
    expect(warning.closest('.ant-alert')).toHaveClass('ant-alert-warning');
    expect(card()).toHaveTextContent('sitelens probe --region eu-central-1');
  });

  it("shows the server's text when the read fails", async () => {
    show(json({ error: 'Unknown website URL' }, 404));
    expect(await screen.findByText('Unknown website URL', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole('figure')).toBeNull();
  });
});
