import { DEFAULT_REGION } from '@sitelens/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderRoutes, stubApi } from '../../checkup/checkup-test-kit';
import { WebsiteWizard } from './website-wizard';

const SETUP_GUID = '00000000-0000-4000-8000-000000000001';
const WEBSITE_GUID = '00000000-0000-4000-8000-000000000002';
const NOTICE = 'Competitor and keyword suggestions need an SEO data provider.';

interface Api {
  websites?: { domain: string }[];
  plan?: Record<string, number>;
  planCode?: string;
  setupError?: string | null;
  keywordsNo?: number;
  onCreate?(body: unknown): Response;
}

function serveApi({
  websites = [],
  plan = {},
  planCode = 'pro-monthly',
  setupError = null,
  keywordsNo = 0,
  onCreate,
}: Api) {
  const maxKeywords = plan.max_keywords ?? 10;
  stubApi((path, init) => {
    const method = init?.method ?? 'GET';
    if (path === '/api/subscription')
      return json({
        status: 'active',
        plan_code: planCode,
        plan_details: { name: 'Pro', code: planCode },
        plan_settings: {
          max_tracked_websites: 3,
          max_competitors: 2,
          max_keywords: maxKeywords,
          max_monitored_regions: 2,
          ...plan,
        },
      });
    if (path === '/api/website-index' && method === 'GET') return json(websites);
    if (path === '/api/app-config') return json({ contact_email: 'help@sitelens.test' });
    if (path === '/api/website-index/domain-setup' && method === 'POST')
      return json(
        { guid: SETUP_GUID, domain: 'woodline.test', status: 'running', output: null, notice: null },
        201,
      );
    if (path === '/api/website-index/domain-setup')
      return json({
        guid: SETUP_GUID,
        domain: 'woodline.test',
        status: 'completed',
        output: {
          homepage_url: setupError ? null : 'https://woodline.test/',
          competitors: [],
          top_keywords: [],
          uptime_monitoring_regions: [DEFAULT_REGION],
          search_engine_market: { sem_location: 'Germany', sem_language_code: 'de' },
          error: setupError,
        },
        sitemap_urls: setupError ? [] : ['https://woodline.test/sitemap.xml'],
        notice: NOTICE,
      });
    if (path === '/api/website-index/locations')
      return json([
        { location_name: 'Germany', language_code: 'de', language_name: 'German' },
        { location_name: 'United States', language_code: 'en', language_name: 'English' },
      ]);
    if (path === '/api/website-index/keyword-usage')
      return json({ keywords_no: keywordsNo, max_keywords: maxKeywords });
    if (path === '/api/website-index/regions')
      return json({
        regions: { 'us-east-1': 'US East (N. Virginia)', 'eu-west-1': 'Europe (Ireland)' },
        order: ['us-east-1', 'eu-west-1'],
      });
    if (path === '/api/website-index' && method === 'POST' && onCreate)
      return onCreate(JSON.parse(String(init?.body)));
    return undefined;
  });
}

const renderWizard = (onFinished = vi.fn(), onSkip?: () => void) => {
  renderRoutes(
    [{ path: '/', element: <WebsiteWizard variant="add-website" onFinished={onFinished} onSkip={onSkip} /> }],
    '/',
  );
  return onFinished;
};

const next = () => userEvent.click(screen.getByRole('button', { name: 'Next' }));

afterEach(() => vi.unstubAllGlobals());

describe('the add-website wizard', () => {
  it('refuses an invalid or already tracked domain on the field', async () => {
    serveApi({ websites: [{ domain: 'woodline.test' }] });
    renderWizard();
    const domain = await screen.findByLabelText('Domain');
    await userEvent.type(domain, 'not a domain{Enter}');
    expect(await screen.findByText('Invalid domain')).toBeTruthy();
    await userEvent.clear(domain);
    await userEvent.type(domain, 'https://www.woodline.test/{Enter}');
    expect(await screen.findByText('You already monitor this domain!')).toBeTruthy();
  });

  it("says the domain limit is reached, with Next disabled and the plan's prompt", async () => {
    serveApi({ websites: [{ domain: 'a.test' }], plan: { max_tracked_websites: 1 } });
    renderWizard();
    expect(await screen.findByText("Looks like you've hit your domain limit!")).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Upgrade your plan' }).getAttribute('href')).toBe(
      '/subscription/plans',
    );
    expect(screen.getByRole('button', { name: 'Next' }).hasAttribute('disabled')).toBe(true);
  });

  it('asks professional plans to contact us instead of upgrading', async () => {
    serveApi({
      websites: [{ domain: 'a.test' }],
      plan: { max_tracked_websites: 1 },
      planCode: 'professional-monthly',
    });
    renderWizard();
    expect((await screen.findByRole('link', { name: 'Contact us' })).getAttribute('href')).toBe(
      'mailto:help@sitelens.test',
    );
    expect(screen.queryByRole('link', { name: 'Upgrade your plan' })).toBeNull();
  });

  it('shows an unreachable site with a retry', async () => {
    serveApi({ setupError: 'We cannot access woodline.test in order to perform our test!' });
    renderWizard();
    await userEvent.type(await screen.findByLabelText('Domain'), 'woodline.test{Enter}');
    expect(
      await screen.findByText('We cannot access woodline.test in order to perform our test!'),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('walks the steps with what the setup found, checks each, and creates the website', async () => {
    let created: unknown;
    serveApi({
      keywordsNo: 8,
      onCreate: (body) => {
        created = body;
        return json(
          { guid: WEBSITE_GUID, domain: 'woodline.test', report_guid: null, analysis_error: null },
          201,
        );
      },
    });
    const onFinished = renderWizard();
    await userEvent.type(await screen.findByLabelText('Domain'), 'WWW.Woodline.test{Enter}');

    // Location: what the setup found, and the market it read from the site.
    expect(await screen.findByText('https://woodline.test/sitemap.xml', {}, { timeout: 3000 })).toBeTruthy();
    expect(screen.getByText('Germany')).toBeTruthy();
    expect(screen.getByText('German')).toBeTruthy();
    await next();

    // Competitors: no provider, so the step says so and takes the user's own.
    expect(await screen.findByText(NOTICE)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: /Add competitor/ }));
    await userEvent.type(screen.getByLabelText('Competitor 1'), 'not a url');
    await next();
    expect(await screen.findByText('Provide a valid URL')).toBeTruthy();
    await userEvent.clear(screen.getByLabelText('Competitor 1'));
    await userEvent.type(screen.getByLabelText('Competitor 1'), 'Rival.test');
    await userEvent.click(screen.getByRole('button', { name: /Add competitor/ }));
    // The plan allows 2.
    expect(screen.getByRole('button', { name: /Add competitor/ }).hasAttribute('disabled')).toBe(true);
    await next();

    // Keywords: 8 of 10 used, so 3 are too many.
    const keywords = await screen.findByLabelText('Keywords to track');
    await userEvent.type(keywords, 'oak tables, chairs, benches');
    await next();
    expect(await screen.findByText('Keywords exceeded limit')).toBeTruthy();
    await userEvent.clear(keywords);
    await userEvent.type(keywords, 'oak tables{Enter}chairs');
    await next();

    // Regions: the primary, and the additional selector on a plan of 2.
    expect(await screen.findByLabelText('Additional regions')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Finish' }));

    await vi.waitFor(() => expect(onFinished).toHaveBeenCalled());
    expect(created).toEqual({
      domain: 'woodline.test',
      homepage_url: 'https://woodline.test/',
      settings: {
        competitors: ['https://rival.test'],
        regions: ['us-east-1'],
        location_name: 'Germany',
        language_code: 'de',
        notifications: { ping_uptime: true, http_uptime: true, page_load_timeout: true },
      },
      keywords: ['oak tables', 'chairs'],
      setup_guid: SETUP_GUID,
      start_analysis: true,
      source: 'add_tracked_website_wizard',
    });
  });

  it("shows the server's refusal at the end and goes back to the step to fix", async () => {
    serveApi({
      onCreate: () =>
        json(
          {
            error: 'keywords: You can not add keywords because your limit of 10 was reached',
            code: 'forbidden',
            fields: [
              { field: 'keywords', message: 'You can not add keywords because your limit of 10 was reached' },
            ],
          },
          403,
        ),
    });
    renderWizard();
    await userEvent.type(await screen.findByLabelText('Domain'), 'woodline.test{Enter}');
    await screen.findByText('Germany', {}, { timeout: 3000 });
    await next();
    await next();
    await userEvent.type(await screen.findByLabelText('Keywords to track'), 'oak');
    await next();
    await userEvent.click(await screen.findByRole('button', { name: 'Finish' }));
    const failure = await screen.findByText('Something went wrong!');
    expect(within(failure.closest('.ant-result')!).getByText(/your limit of 10 was reached/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByLabelText('Keywords to track')).toBeTruthy();
  });

  it("offers 'Skip for now' where the page asks for it", async () => {
    serveApi({});
    const onSkip = vi.fn();
    renderWizard(vi.fn(), onSkip);
    await userEvent.click(await screen.findByRole('button', { name: 'Skip for now' }));
    expect(onSkip).toHaveBeenCalled();
  });
});
