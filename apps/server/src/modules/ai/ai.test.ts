import {
  AI_ANALYSIS_MESSAGES,
  type ContentAnalysis,
  trustScore,
  type VisibilityAnalysis,
} from '@sitelens/contracts';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, createTestApp, organizationOf, type TestApp, teamAccount } from '../../test/app';
import { serveSites } from '../../test/deep-analysis';
import { type FakeOpenAi, startOpenAiServer } from '../../test/openai-server';
import { aiAnalysisJob } from './jobs';

// AI content analysis and LLM visibility through the API, their jobs reading fixture sites and
// asking a local OpenAI-compatible server.

const logger = pino({ level: 'silent' });

const page = (title: string, body: string, head = '') => ({
  headers: { 'content-type': 'text/html; charset=utf-8' },
  body: `<!doctype html><html lang="en"><head><title>${title}</title>${head}</head><body>${body}</body></html>`,
});

const ORGANIZATION = JSON.stringify({
  '@context': 'https://schema.org',
  '@type': 'Organization',
  name: 'Acme Pottery',
  description: 'Hand-thrown stoneware mugs and bowls, made in small batches in Vermont.',
  knowsAbout: ['Pottery', 'Stoneware'],
});

const PROSE =
  'Our potters throw every mug by hand on the wheel. Each piece is glazed with food-safe glazes and fired twice in our kiln. ' +
  'We explain how stoneware differs from porcelain, how to care for glazed pottery, and why kiln temperature matters for durability. ';

const ACME = {
  '/': page(
    'Acme Pottery – handmade stoneware mugs',
    `<header><nav><a href="/about">About us</a> <a href="/contact">Contact</a> <a href="/privacy-policy">Privacy</a> <a href="/blog/glazes">Blog</a></nav></header>
     <main><h1>Handmade stoneware mugs</h1><p>${PROSE.repeat(4)}</p>
     <p>Read the <a href="https://ceramicartsnetwork.org/glaze-safety">glaze safety guide</a>.</p></main>`,
    `<meta name="description" content="Hand-thrown stoneware mugs and bowls from Vermont."><script type="application/ld+json">${ORGANIZATION}</script>`,
  ),
  '/about': page('About Acme Pottery', `<main><h1>About us</h1><p>${PROSE.repeat(3)}</p></main>`),
  '/contact': page(
    'Contact',
    '<main><h1>Contact</h1><a href="mailto:hello@acme.example.com">hello@acme.example.com</a></main>',
  ),
  '/privacy-policy': page('Privacy policy', '<main><h1>Privacy</h1><p>We keep little.</p></main>'),
  '/blog/glazes': page(
    'Choosing food-safe glazes',
    `<main><article><h1>Choosing food-safe glazes</h1><p class="byline">By Mara Lind</p><time datetime="2026-10-02">October 2, 2026</time><p>${PROSE.repeat(5)}</p></article></main>`,
    '<meta name="author" content="Mara Lind"><meta property="article:published_time" content="2026-10-02T09:00:00Z">',
  ),
};

const RIVAL = {
  '/': page('Rival Ceramics', `<main><h1>Ceramics for every kitchen</h1><p>${PROSE.repeat(2)}</p></main>`),
};

let served: Awaited<ReturnType<typeof serveSites>>;
let fake: FakeOpenAi;
let withModel: TestApp;
let withoutModel: TestApp;

const MODEL_ENV = () => ({
  LLM_BASE_URL: fake.url,
  LLM_MODEL: 'fixture-model',
  LLM_API_KEY: 'sk-test',
  LLM_VISIBILITY_SAMPLES: '3',
});

beforeAll(async () => {
  served = await serveSites({ acme: ACME, rival: RIVAL });
  fake = await startOpenAiServer({
    apiKey: 'sk-test',
    citedDomains: ['acme.example.com', 'rival.example.com', 'clayshop.org', 'potterymag.com'],
  });
  withModel = await createTestApp(MODEL_ENV());
  withoutModel = await createTestApp();
});
afterAll(async () => {
  await withModel.close();
  await withoutModel.close();
  await fake.close();
  await served.close();
});

const api = (t: TestApp, account: Account, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: account.auth, ...(payload ? { payload } : {}) });

/** A tracked website of the account, inserted as the wizard leaves it, with keywords. */
async function website(
  t: TestApp,
  account: Account,
  name: string,
  competitors: string[] = [],
): Promise<string> {
  const organizationId = await organizationOf(t.database, account);
  const [row] = await t.database.query<{ id: string }>(
    `insert into websites (organization_id, domain, homepage_url, settings) values ($1, $2, $3, $4) returning id`,
    [
      organizationId,
      `${name}.example.com`,
      `http://${name}.example.com/`,
      JSON.stringify({ competitors, regions: [], location_name: 'United States', language_code: 'en' }),
    ],
  );
  await t.database.query(
    `insert into website_keywords (website_id, organization_id, keyword, location_name, language_code)
     values ($1, $2, 'stoneware mugs', 'United States', 'en'), ($1, $2, 'handmade pottery', 'United States', 'en')`,
    [row!.id, organizationId],
  );
  return row!.id;
}

/** Runs the analysis's job as a worker would, with the server's LLM settings in the environment. */
async function runJob(t: TestApp, guid: string, env: Record<string, string> = {}) {
  const saved = { ...process.env };
  Object.assign(process.env, env);
  try {
    await aiAnalysisJob.handler(
      { analysisId: guid },
      { database: t.database, queue: t.queue, logger, jobId: `test-${guid}` },
    );
  } finally {
    for (const key of Object.keys(env)) if (!(key in saved)) delete process.env[key];
    Object.assign(process.env, saved);
  }
}

/** Starts an analysis through the API, runs its job, and answers what the poll then sees. */
async function analyse<T extends ContentAnalysis | VisibilityAnalysis>(
  t: TestApp,
  account: Account,
  path: '/content-analysis' | '/visibility-analysis',
  domain: string,
  env: Record<string, string> = {},
): Promise<T> {
  const started = await api(t, account, 'POST', path, { domain });
  expect(started.statusCode, started.body).toBe(202);
  const process = started.json<T>();
  expect(process.status).toBe('pending');
  const active = await api(t, account, 'GET', `${path}/active?domain=${domain}`);
  expect(active.json()).toMatchObject({ guid: process.guid, status: 'pending' });
  await runJob(t, process.guid, env);
  const polled = await api(t, account, 'GET', `${path}/active?domain=${domain}&process_guid=${process.guid}`);
  expect(polled.statusCode, polled.body).toBe(200);
  return polled.json<T>();
}

describe('content analysis without a language model', () => {
  let account: Account;
  beforeAll(async () => {
    account = await teamAccount(withoutModel, {});
    await website(withoutModel, account, 'acme', ['http://rival.example.com/']);
  });

  it('measures the pages and labels the result as computed; the parts only a model gives stay empty', async () => {
    expect(
      (await api(withoutModel, account, 'GET', '/content-analysis?domain=acme.example.com')).statusCode,
    ).toBe(404);
    const analysis = await analyse<ContentAnalysis>(
      withoutModel,
      account,
      '/content-analysis',
      'acme.example.com',
    );
    expect(analysis.status).toBe('completed');
    const output = analysis.output!;
    expect(output.method).toBe('computed');
    expect(output.error).toBeNull();
    expect(output.content_effectiveness).toBeNull();
    expect(output.competitor_content).toBeNull();
    expect(output.website_profile?.domain_description).toMatch(/Hand-thrown stoneware mugs/);
    expect(output.signals.pages.map((read) => read.url)).toEqual(
      expect.arrayContaining(['http://acme.example.com/', 'http://acme.example.com/about']),
    );
    const found = Object.fromEntries(
      output.signals.trust_signals.map((signal) => [signal.key, signal.found]),
    );
    expect(found).toMatchObject({ https: false, about_page: true, contact_page: true, privacy_page: true });
    expect(found.author_bylines).toBe(true);
    const trust = output.content_trust!;
    expect(trust.trust_score).toBe(trustScore(trust.trust_metrics));
    // The latest analysis is this one; nothing is active any more.
    const latest = await api(withoutModel, account, 'GET', '/content-analysis?domain=acme.example.com');
    expect(latest.json()).toMatchObject({ guid: analysis.guid, status: 'completed' });
    expect(
      (await api(withoutModel, account, 'GET', '/content-analysis/active?domain=acme.example.com'))
        .statusCode,
    ).toBe(404);
  });

  it("reads a sample of each of Deep Analysis's page groups as the key pages when the site is grouped", async () => {
    const grouped = await teamAccount(withoutModel, {});
    const websiteId = await website(withoutModel, grouped, 'acme');
    const organizationId = await organizationOf(withoutModel.database, grouped);
    const [articles] = await withoutModel.database.query<{ id: string }>(
      `insert into url_clusters (organization_id, website_id, title, description) values ($1, $2, 'Articles', 'Blog') returning id`,
      [organizationId, websiteId],
    );
    await withoutModel.database.query(
      `insert into serviceable_urls (organization_id, website_id, url, cluster_id, source, status_code, depth)
       values ($1, $2, 'http://acme.example.com/blog/glazes', $3, 'sitemap', 200, 1),
              ($1, $2, 'http://acme.example.com/about', null, 'sitemap', 200, 1)`,
      [organizationId, websiteId, articles!.id],
    );
    const analysis = await analyse<ContentAnalysis>(
      withoutModel,
      grouped,
      '/content-analysis',
      'acme.example.com',
    );
    expect(analysis.output?.signals.pages.map((read) => read.url)).toEqual([
      'http://acme.example.com/',
      'http://acme.example.com/blog/glazes',
    ]);
  });

  it('refuses LLM visibility: it needs a model, and says how an operator configures one', async () => {
    const refused = await api(withoutModel, account, 'POST', '/visibility-analysis', {
      domain: 'acme.example.com',
    });
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toMatchObject({
      code: 'llm_not_configured',
      error: AI_ANALYSIS_MESSAGES.llmNotConfigured,
    });
    const status = await api(withoutModel, account, 'GET', '/llm/status');
    expect(status.json()).toMatchObject({ configured: false, engines: [], tokens_used: 0 });
  });

  it('fails an analysis of a site that cannot be read, saying so', async () => {
    await website(withoutModel, account, 'gone');
    const analysis = await analyse<ContentAnalysis>(
      withoutModel,
      account,
      '/content-analysis',
      'gone.example.com',
    );
    expect(analysis.status).toBe('failed');
    expect(analysis.output?.error).toBe(
      'We cannot access http://gone.example.com/ in order to perform our test! Either the site is not online, or our tool is being blocked by your server.',
    );
  });
});

describe('with a language model', () => {
  let account: Account;
  beforeAll(async () => {
    account = await teamAccount(withModel, {});
    await website(withModel, account, 'acme', ['http://rival.example.com/']);
  });

  it('asks the model for the report and the competitors, and computes the trust score with 50/25/25', async () => {
    const before = fake.requests.length;
    const analysis = await analyse<ContentAnalysis>(
      withModel,
      account,
      '/content-analysis',
      'acme.example.com',
      MODEL_ENV(),
    );
    expect(analysis.status, JSON.stringify(analysis.output?.error)).toBe('completed');
    const output = analysis.output!;
    expect(output.method).toBe('llm');
    expect(fake.requests.slice(before).map((request) => request.schemaName)).toEqual([
      'content_report',
      'competitor_content',
    ]);
    // What the model read: the pages' text, and the signals we measured.
    const prompt = fake.requests[before]!.messages.at(-1)!.content;
    expect(prompt).toContain('Handmade stoneware mugs');
    expect(prompt).toMatch(/About page: found/);
    expect(output.content_effectiveness!.analysis.length).toBeGreaterThan(0);
    expect(output.content_effectiveness!.content_opportunities.length).toBeGreaterThan(0);
    const metrics = output.content_trust!.trust_metrics;
    expect(output.content_trust!.trust_score).toBe(
      Math.round(
        metrics.topical_relevance.value * 0.5 +
          metrics.subject_expertise.value * 0.25 +
          metrics.credibility.value * 0.25,
      ),
    );
    // Competitors are the ones fetched, at the addresses fetched.
    expect(output.competitor_content?.sections.map((section) => section.competitor.url)).toEqual([
      'http://rival.example.com/',
    ]);
    const status = await api(withModel, account, 'GET', '/llm/status');
    expect(status.json().tokens_used).toBeGreaterThan(0);
  });

  it('asks every question three times and shows the spread of the visibility figures', async () => {
    const analysis = await analyse<VisibilityAnalysis>(
      withModel,
      account,
      '/visibility-analysis',
      'acme.example.com',
      MODEL_ENV(),
    );
    expect(analysis.status, JSON.stringify(analysis.output?.error)).toBe('completed');
    const output = analysis.output!;
    expect(output.samples).toBe(3);
    expect(output.engines).toEqual([{ name: 'fixture-model', model: 'fixture-model' }]);
    expect(output.search_prompts.length).toBeGreaterThanOrEqual(3);
    const answers = output.search_prompts.flatMap((prompt) => prompt.answers);
    for (const prompt of output.search_prompts) {
      expect(prompt.answers.map((answer) => answer.sample)).toEqual([0, 1, 2]);
      expect(prompt.query_response).toBe(prompt.answers[0]!.response);
    }
    // Our figures from the answers themselves: the share of answers citing the site, and of citations.
    const citing = answers.filter((answer) =>
      answer.results.some((result) => result.domain === 'acme.example.com'),
    );
    const citations = answers.reduce((sum, answer) => sum + answer.results.length, 0);
    expect(output.visibility_score.value).toBeCloseTo((100 * citing.length) / answers.length, 1);
    expect(output.share_of_voice.value).toBeCloseTo((100 * citing.length) / citations, 1);
    expect(output.visibility_score.min).toBeLessThanOrEqual(output.visibility_score.value);
    expect(output.visibility_score.max).toBeGreaterThanOrEqual(output.visibility_score.value);
    // The spread is the figure of each sample round alone (every question asked once), lowest and
    // highest. Which round gets which of a question's rotated answers depends on the order the
    // concurrent requests reach the model (under load three rounds once tied at 66.7 %), so the
    // spread is checked against the answers, not assumed to be wide.
    const perRound = [0, 1, 2].map((sample) => {
      const round = answers.filter((answer) => answer.sample === sample);
      return (100 * round.filter((answer) => citing.includes(answer)).length) / round.length;
    });
    expect(output.visibility_score.min).toBeCloseTo(Math.min(...perRound), 1);
    expect(output.visibility_score.max).toBeCloseTo(Math.max(...perRound), 1);
    // The fixture's answers rotate the sites they cite: a question's three answers are not the same.
    for (const prompt of output.search_prompts)
      expect(new Set(prompt.answers.map((answer) => answer.response)).size, prompt.query).toBe(3);
    expect(output.top_websites.find((site) => site.is_target)?.domain).toBe('acme.example.com');
    expect(output.top_websites.map((site) => site.domain)).toEqual(
      expect.arrayContaining(['rival.example.com', 'clayshop.org']),
    );
    expect(output.competitor_range).not.toBeNull();
  });

  it('fails the analysis clearly when the model keeps answering out of format', async () => {
    fake.invalidAnswers(3);
    const analysis = await analyse<ContentAnalysis>(
      withModel,
      account,
      '/content-analysis',
      'acme.example.com',
      MODEL_ENV(),
    );
    expect(analysis.status).toBe('failed');
    expect(analysis.output?.error).toMatch(
      /^The language model did not give a usable answer\. Please try again later\. \(fixture-model \(fixture-model\) gave 3 answers to content\.report that do not match the expected format/,
    );
    expect(analysis.output?.content_trust).toBeNull();
  });

  it('answers the running analysis to a second start, and starts one per click at most', async () => {
    const [first, second] = await Promise.all([
      api(withModel, account, 'POST', '/content-analysis', { domain: 'acme.example.com' }),
      api(withModel, account, 'POST', '/content-analysis', { domain: 'acme.example.com' }),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 202]);
    expect(first.json().guid).toBe(second.json().guid);
    await runJob(withModel, first.json().guid, MODEL_ENV());
    // A second run of the finished job (pg-boss retrying it) changes nothing.
    const [before] = await withModel.database.query(
      'select output, finished_at from ai_analyses where id = $1',
      [first.json().guid],
    );
    await runJob(withModel, first.json().guid, MODEL_ENV());
    const [after] = await withModel.database.query(
      'select output, finished_at from ai_analyses where id = $1',
      [first.json().guid],
    );
    expect(after).toEqual(before);
  });

  it('validates the domain, and answers 404 for another organization’s domain or process', async () => {
    const bad = await api(withModel, account, 'POST', '/content-analysis', { domain: 'not a domain' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: expect.stringMatching(/domain/) });
    const stranger = await teamAccount(withModel, {});
    await website(withModel, stranger, 'rival');
    for (const path of ['/content-analysis', '/visibility-analysis']) {
      expect((await api(withModel, stranger, 'GET', `${path}?domain=acme.example.com`)).statusCode).toBe(404);
      expect((await api(withModel, stranger, 'POST', path, { domain: 'acme.example.com' })).statusCode).toBe(
        404,
      );
    }
    const [mine] = await withModel.database.query<{ id: string }>(
      `select id from ai_analyses where domain = 'acme.example.com' limit 1`,
    );
    const theirs = await api(
      withModel,
      stranger,
      'GET',
      `/content-analysis/active?domain=rival.example.com&process_guid=${mine!.id}`,
    );
    expect(theirs.statusCode).toBe(404);
  });
});

describe('several engines', () => {
  it('asks every engine each question three times and names them', async () => {
    const second = await startOpenAiServer({
      models: ['other-model'],
      citedDomains: ['clayshop.org', 'kilnworks.net'],
    });
    const engines = JSON.stringify([
      { name: 'First', base_url: fake.url, model: 'fixture-model', api_key: 'sk-test' },
      { name: 'Second', base_url: second.url, model: 'other-model' },
    ]);
    const env = { ...MODEL_ENV(), LLM_VISIBILITY_ENGINES: engines };
    const several = await createTestApp(env);
    try {
      const account = await teamAccount(several, {});
      await website(several, account, 'acme');
      const analysis = await analyse<VisibilityAnalysis>(
        several,
        account,
        '/visibility-analysis',
        'acme.example.com',
        env,
      );
      expect(analysis.status, JSON.stringify(analysis.output?.error)).toBe('completed');
      const output = analysis.output!;
      expect(output.engines).toEqual([
        { name: 'First', model: 'fixture-model' },
        { name: 'Second', model: 'other-model' },
      ]);
      for (const prompt of output.search_prompts) {
        expect(prompt.answers.map((answer) => `${answer.engine}#${answer.sample}`).sort()).toEqual([
          'First (fixture-model)#0',
          'First (fixture-model)#1',
          'First (fixture-model)#2',
          'Second (other-model)#0',
          'Second (other-model)#1',
          'Second (other-model)#2',
        ]);
      }
      expect(second.requests.filter((request) => request.status === 200).length).toBe(
        output.search_prompts.length * 3,
      );
      expect(output.top_websites.map((site) => site.domain)).toContain('kilnworks.net');
    } finally {
      await several.close();
      await second.close();
    }
  });
});

describe('a process whose worker is gone for good', () => {
  it('is failed by the next start, which then runs', async () => {
    const account = await teamAccount(withoutModel, {});
    const websiteId = await website(withoutModel, account, 'acme');
    const [stuck] = await withoutModel.database.query<{ id: string }>(
      `insert into ai_analyses (organization_id, website_id, kind, domain, status, started_at)
       values ($1, $2, 'content', 'acme.example.com', 'running', now() - interval '2 hours') returning id`,
      [await organizationOf(withoutModel.database, account), websiteId],
    );
    const analysis = await analyse<ContentAnalysis>(
      withoutModel,
      account,
      '/content-analysis',
      'acme.example.com',
    );
    expect(analysis.guid).not.toBe(stuck!.id);
    expect(analysis.status).toBe('completed');
    const old = await api(
      withoutModel,
      account,
      'GET',
      `/content-analysis/active?domain=acme.example.com&process_guid=${stuck!.id}`,
    );
    expect(old.json()).toMatchObject({
      status: 'failed',
      output: { error: AI_ANALYSIS_MESSAGES.interrupted },
    });
  });
});

describe('the monthly token cap', () => {
  it('refuses to start once the month’s tokens are spent, and fails a run that would pass the cap', async () => {
    const capped = await createTestApp({ ...MODEL_ENV(), LLM_MONTHLY_TOKEN_CAP: '1000' });
    try {
      const account = await teamAccount(capped, {});
      await website(capped, account, 'acme');
      const before = fake.requests.length;
      // The first call books its prompt plus 4,000 answer tokens: more than 1,000.
      const analysis = await analyse<ContentAnalysis>(
        capped,
        account,
        '/content-analysis',
        'acme.example.com',
        {
          ...MODEL_ENV(),
          LLM_MONTHLY_TOKEN_CAP: '1000',
        },
      );
      expect(analysis.status).toBe('failed');
      expect(analysis.output?.error).toBe(AI_ANALYSIS_MESSAGES.tokenBudgetSpent);
      expect(fake.requests.length).toBe(before);
      // A month whose tokens are used up refuses to start at all.
      await capped.database.query(
        `insert into llm_calls (organization_id, engine, model, purpose, status, tokens) values ($1, 'x', 'x', 'test', 'done', 1000)`,
        [await organizationOf(capped.database, account)],
      );
      const refused = await api(capped, account, 'POST', '/visibility-analysis', {
        domain: 'acme.example.com',
      });
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({
        code: 'llm_budget_spent',
        error: AI_ANALYSIS_MESSAGES.tokenBudgetSpent,
      });
    } finally {
      await capped.close();
    }
  });
});
