import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerUser, startTrial, type TestApp } from '../test/app';

// SECURITY.md C1: every route that takes an id, called by one organization with another's id,
// answers 404 and changes nothing. The routes come from the OpenAPI document, so a new route with
// an id is covered the day it is added.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const TABLES = [
  'users',
  'organizations',
  'memberships',
  'invitations',
  'refresh_tokens',
  'password_resets',
  'subscriptions',
  'billing_infos',
  'invoices',
  'reports',
  'report_targets',
  'report_sections',
  'websites',
  'website_keywords',
  'website_favicons',
  'domain_setups',
  'product_events',
  'analysis_processes',
  'serviceable_urls',
  'url_check_results',
  'site_check_results',
  'url_links',
  'url_external_links',
  'external_link_answers',
  'website_spelling_words',
  'url_clusters',
  'tool_runs',
  'tool_run_urls',
  'tool_run_links',
  'tool_link_targets',
  'sitemap_files',
  'sitemap_feeds',
  'seo_data_calls',
  'keyword_positions',
  'outages',
  'notification_channels',
  'notification_deliveries',
  'white_label_templates',
  'white_label_schedules',
  'white_label_sends',
  'white_label_shares',
  'ai_analyses',
  'llm_calls',
];
const snapshot = async () =>
  Object.fromEntries(
    await Promise.all(
      TABLES.map(async (table) => [table, await t.database.query(`select * from ${table} order by 1`)]),
    ),
  );

describe("another organization's ids", () => {
  it('answer 404 on every route with an id, and change nothing', async () => {
    const caller = await registerUser(t.app);
    const other = await registerUser(t.app);
    // Each subscribes, which gives each a team and a first invoice.
    for (const who of [caller, other]) await startTrial(t.app, who);
    const [invoice] = await t.database.query<{ number: number }>(
      'select number from invoices where user_id = $1',
      [other.guid],
    );
    const [team] = await t.database.query<{ organization_id: string }>(
      'select organization_id from memberships where user_id = $1',
      [other.guid],
    );
    const [report] = await t.database.query<{ id: string }>(
      `insert into reports (organization_id, user_id, url, sections) values ($1, $2, 'https://example.com/', '["meta-title"]') returning id`,
      [team!.organization_id, other.guid],
    );
    await t.database.query(
      `insert into report_targets (report_id, url, role, position, status) values ($1, 'https://example.com/', 'main', 0, 'done')`,
      [report!.id],
    );
    const [website] = await t.database.query<{ id: string }>(
      `insert into websites (organization_id, domain, homepage_url, settings) values ($1, 'example.com', 'https://example.com/', $2) returning id`,
      [
        team!.organization_id,
        JSON.stringify({
          competitors: [],
          regions: ['us-east-1'],
          location_name: 'United States',
          language_code: 'en',
          notifications: { ping_uptime: true, http_uptime: true, page_load_timeout: true },
        }),
      ],
    );
    const [url] = await t.database.query<{ id: string }>(
      `insert into serviceable_urls (organization_id, website_id, url, source) values ($1, $2, 'https://example.com/a', 'manual') returning id`,
      [team!.organization_id, website!.id],
    );
    const [cluster] = await t.database.query<{ id: string }>(
      `insert into url_clusters (organization_id, website_id, title, description) values ($1, $2, 'Theirs', 'Theirs') returning id`,
      [team!.organization_id, website!.id],
    );
    await t.database.query(`insert into website_spelling_words (website_id, word) values ($1, 'btree')`, [
      website!.id,
    ]);
    const [brokenLinksRun, sitemapRun] = await t.database.query<{ id: string }>(
      `insert into tool_runs (organization_id, website_id, tool, start_url, host, pages_limit, status)
       values ($1, $2, 'broken_links', 'https://example.com/', 'example.com', 10, 'completed'),
              ($1, $2, 'sitemap', 'https://example.com/', 'example.com', 10, 'completed') returning id`,
      [team!.organization_id, website!.id],
    );
    const [target] = await t.database.query<{ id: string }>(
      `insert into tool_link_targets (run_id, url, internal, check_state, kind, status)
       values ($1, 'https://example.com/gone', true, 'done', 'broken', 404) returning id`,
      [brokenLinksRun!.id],
    );
    await t.database.query(
      `insert into sitemap_files (run_id, name, content, entries, is_index) values ($1, 'sitemap.xml', '\\x3c', 1, false)`,
      [sitemapRun!.id],
    );
    const [channel] = await t.database.query<{ id: string }>(
      `insert into notification_channels (organization_id, kind, target, secret) values ($1, 'webhook', 'https://example.com/hook', 'whsec_x') returning id`,
      [team!.organization_id],
    );
    const [template] = await t.database.query<{ id: string }>(
      `insert into white_label_templates (organization_id, name) values ($1, 'Theirs') returning id`,
      [team!.organization_id],
    );
    const [schedule] = await t.database.query<{ id: string }>(
      `insert into white_label_schedules (organization_id, website_id, recipient, frequency)
       values ($1, $2, 'client@example.com', 'weekly') returning id`,
      [team!.organization_id, website!.id],
    );
    const [share] = await t.database.query<{ id: string }>(
      `insert into white_label_shares (organization_id, report_id, url, token_hash, expires_at)
       values ($1, $2, 'https://example.com/', 'hash', now() + interval '1 day') returning id`,
      [team!.organization_id, report!.id],
    );
    // Ids that belong to the other organization, by parameter name (a website's routes take its guid).
    const theirs: Record<string, string> = {
      id: other.guid,
      invoiceNumber: String(invoice!.number),
      guid: report!.id,
      section: 'meta-title',
      w_guid: website!.id,
      url_guid: url!.id,
      cluster_guid: cluster!.id,
      // A check key is no secret: the website's id in the same path decides.
      key: 'meta-title',
      link_guid: target!.id,
      name: 'sitemap.xml',
      // A sitemap's stable address has no session: its token is the key, and this one is nobody's.
      token: 'A'.repeat(32),
      // A word is no secret either: the website's id in the same path decides.
      word: 'btree',
    };

    const doc = (await t.app.inject({ url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const routes = Object.entries(doc.paths)
      // A route whose only id is a check key (the SEO test texts) is the same for everyone.
      .filter(([path]) => path.includes('{') && path.replace(/\{key\}/g, '').includes('{'))
      .flatMap(([path, methods]) =>
        Object.keys(methods).map((method) => ({ method: method.toUpperCase(), path })),
      );
    expect(routes.length).toBeGreaterThan(0);

    const before = await snapshot();
    for (const { method, path } of routes) {
      const ids =
        path.startsWith('/api/website-index/') || path.startsWith('/api/search-console/')
          ? { ...theirs, guid: website!.id }
          : path.startsWith('/api/broken-links/')
            ? { ...theirs, guid: brokenLinksRun!.id }
            : path.startsWith('/api/sitemap-generator/')
              ? { ...theirs, guid: sitemapRun!.id }
              : path.startsWith('/api/notifications/channels/')
                ? { ...theirs, guid: channel!.id }
                : path.startsWith('/api/white-label/template/')
                  ? { ...theirs, guid: template!.id }
                  : path.startsWith('/api/white-label/schedules/')
                    ? { ...theirs, guid: schedule!.id }
                    : path.startsWith('/api/white-label/shares/')
                      ? { ...theirs, guid: share!.id }
                      : theirs;
      const url = path.replace(/\{(\w+)\}/g, (_, name: string) => {
        expect(ids, `no id of another organization for {${name}} in ${path}`).toHaveProperty(name);
        return ids[name]!;
      });
      const res = await t.app.inject({
        method: method as 'GET',
        url,
        headers: caller.auth,
        ...(method === 'GET' || method === 'DELETE'
          ? {}
          : {
              // A valid body, so only the id decides the answer.
              payload: path.endsWith('/spelling-words')
                ? { word: 'btree' }
                : path.startsWith('/api/website-index/')
                  ? { homepage_url: 'https://example.com/x', regions: ['eu-west-1'] }
                  : path.startsWith('/api/search-console/')
                    ? { site_url: 'sc-domain:example.com' }
                    : path.startsWith('/api/serviceable-url/')
                      ? { urls: ['https://example.com/b'] }
                      : path.startsWith('/api/url-cluster/')
                        ? { title: 'Mine', description: 'Mine' }
                        : path.startsWith('/api/broken-links/')
                          ? {}
                          : path.startsWith('/api/notifications/channels/')
                            ? { enabled: false }
                            : path.startsWith('/api/white-label/template/')
                              ? { name: 'Mine' }
                              : path.startsWith('/api/white-label/schedules/')
                                ? { enabled: false }
                                : { f_name: 'Mallory', l_name: 'X' },
            }),
      });
      expect(res.statusCode, `${method} ${path}`).toBe(404);
    }
    expect(await snapshot()).toEqual(before);
  });
});
