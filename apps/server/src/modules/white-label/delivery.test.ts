import { WHITE_LABEL_DELIVERY_MESSAGES, WHITE_LABEL_MESSAGES } from '@sitelens/contracts';
import type { ParsedMail } from 'mailparser';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../../providers/mail/mailer';
import { type Account, createTestApp, type TestApp, teamAccount } from '../../test/app';
import { pageTexts } from '../../test/pdf';
import { startSmtpCapture } from '../../test/smtp';
import { createPlanLimits } from '../sales/plan-limits';
import { LEASE_SECONDS, periodOf, sendDueSchedules, whiteLabelSchedulesJob } from './schedules';
import { organizationOf, savedReport as savedReportOf } from './test-support';

// Beyond the spec: a website's latest report e-mailed to a client once per week or month however
// often the job runs, and read-only share links that expire and can be revoked.

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
/** Every mail the SMTP server was given. */
let received: ParsedMail[];

beforeAll(async () => {
  t = await createTestApp();
  smtp = await startSmtpCapture();
  received = smtp.received;
});
afterAll(async () => {
  smtp.close();
  await t.close();
});

const logger = pino({ level: 'silent' });
const sendContext = (now?: Date) => ({
  database: t.database,
  logger,
  mailer: createMailer({
    database: t.database,
    logger,
    smtpUrl: smtp.url,
    from: 'Reports <reports@agency.test>',
  }),
  planLimits: createPlanLimits({ billing: 'sandbox' }),
  now,
});
/** A monthly schedule of a website with a saved report, to a client. */
async function monthlyScheduleWithReport(domain: string): Promise<{ guid: string }> {
  const account = await whiteLabelAccount();
  const websiteId = await website(account, domain);
  await savedReport(account, `https://${domain}/`);
  const created = await api(account, 'POST', '/white-label/schedules', {
    website_guid: websiteId,
    recipient: 'client@example.com',
    frequency: 'monthly',
  });
  return created.json();
}

const api = (account: Account, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: account.auth, payload });
const anonymous = (url: string) => t.app.inject({ url: `/api${url}` });

async function website(account: Account, domain: string): Promise<string> {
  const [row] = await t.database.query<{ id: string }>(
    `insert into websites (organization_id, domain, homepage_url, settings) values ($1, $2, $3, $4) returning id`,
    [
      await organizationOf(t.database, account),
      domain,
      `https://${domain}/`,
      JSON.stringify({ competitors: [], regions: [], location_name: 'United States', language_code: 'en' }),
    ],
  );
  return row!.id;
}

/** A saved checkup of `url` whose one check passed. */
const savedReport = (account: Account, url: string) =>
  savedReportOf(
    t.database,
    account,
    url,
    { score: 80, passed: 1, warning: 0, failed: 0, has_all_sections: false },
    [
      {
        key: 'meta-title',
        status: 'passed',
        result: {
          relevance: 10,
          message: 'The title is fine.',
          recommendation: '',
          how_to_fix: 'Keep it under 60 characters.',
          how_to_fix_video: null,
          description: 'The title of the page.',
        },
      },
    ],
  );

async function template(account: Account): Promise<string> {
  const response = await api(account, 'POST', '/white-label/template', {
    name: 'Agency',
    content_blocks: { header: 'Agency Ltd monthly audit', footer: 'Agency Ltd, 1 High Street' },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().guid;
}

const whiteLabelAccount = () => teamAccount(t, { allow_white_label_reports: true });

describe('scheduled reports', () => {
  it('e-mails the latest branded report once per period, however often the job runs', async () => {
    const account = await whiteLabelAccount();
    const websiteId = await website(account, 'client-weekly.example.com');
    await savedReport(account, 'https://client-weekly.example.com/old');
    await savedReport(account, 'https://client-weekly.example.com/');
    const created = await api(account, 'POST', '/white-label/schedules', {
      website_guid: websiteId,
      template_guid: await template(account),
      recipient: 'Client@Example.com',
      frequency: 'weekly',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      domain: 'client-weekly.example.com',
      template_name: 'Agency',
      recipient: 'client@example.com',
      frequency: 'weekly',
      enabled: true,
      last_send: null,
    });

    const before = received.length;
    const monday = new Date('2026-11-23T09:00:00Z');
    // Two workers at once, then a third run later in the week: one mail.
    const sent = await Promise.all([
      sendDueSchedules(sendContext(monday)),
      sendDueSchedules(sendContext(monday)),
    ]);
    await sendDueSchedules(sendContext(new Date('2026-11-27T09:00:00Z')));
    const mine = () => received.slice(before).filter((mail) => mail.subject?.includes('client-weekly'));
    expect(sent[0]! + sent[1]!).toBe(1);
    expect(mine()).toHaveLength(1);
    const [mail] = mine();
    expect(mail!.subject).toBe('SEO report for client-weekly.example.com (2026-W48)');
    expect(mail!.text).toContain('Agency Ltd monthly audit');
    expect(mail!.text).not.toContain('Sitelens');
    expect(mail!.attachments).toHaveLength(1);
    const pdf = mail!.attachments[0]!;
    expect(pdf.contentType).toBe('application/pdf');
    expect(pdf.filename).toMatch(/^seo-report-client-weekly\.example\.com-/);
    const pages = pageTexts(pdf.content);
    expect(pages[0]).toContain('Agency Ltd monthly audit');
    expect(pages[0]).toContain('https://client-weekly.example.com/');
    expect(pages[0]).not.toContain('/old');

    const listed = (await api(account, 'GET', '/white-label/schedules')).json().schedules[0];
    expect(listed.last_send).toMatchObject({ period: '2026-W48', status: 'sent', error: null });

    // The next week is a new period.
    await sendDueSchedules(sendContext(new Date('2026-11-30T09:00:00Z')));
    expect(mine()).toHaveLength(2);
  });

  it('skips a website without a saved report and says why; a disabled schedule sends nothing', async () => {
    const account = await whiteLabelAccount();
    const websiteId = await website(account, 'no-report.example.com');
    const schedule = (
      await api(account, 'POST', '/white-label/schedules', {
        website_guid: websiteId,
        recipient: 'client@example.com',
        frequency: 'monthly',
      })
    ).json();
    await sendDueSchedules(sendContext(new Date('2026-11-02T09:00:00Z')));
    const listed = (await api(account, 'GET', '/white-label/schedules')).json().schedules[0];
    expect(listed).toMatchObject({ template_name: 'Default', template_guid: 'default' });
    expect(listed.last_send).toMatchObject({
      period: '2026-11',
      status: 'skipped',
      error: WHITE_LABEL_DELIVERY_MESSAGES.noReportYet,
    });

    const off = await api(account, 'PATCH', `/white-label/schedules/${schedule.guid}`, { enabled: false });
    expect(off.json().enabled).toBe(false);
    await savedReport(account, 'https://no-report.example.com/');
    await sendDueSchedules(sendContext(new Date('2026-12-02T09:00:00Z')));
    expect((await api(account, 'GET', '/white-label/schedules')).json().schedules[0].last_send.period).toBe(
      '2026-11',
    );
  });

  it('takes back a send whose worker died once its lease ran out, and sends it once', async () => {
    const schedule = await monthlyScheduleWithReport('died.example.com');
    const now = new Date();
    // The claim a killed worker left behind: 'sending', its lease over.
    await t.database.query(
      `insert into white_label_sends (schedule_id, period, lease_until) values ($1, $2, now() - interval '1 minute')`,
      [schedule.guid, periodOf('monthly', now)],
    );
    const before = received.length;
    expect(await sendDueSchedules(sendContext(now))).toBe(1);
    expect(await sendDueSchedules(sendContext(now))).toBe(0);
    expect(received.slice(before).filter((mail) => mail.subject?.includes('died.example.com'))).toHaveLength(
      1,
    );
    const [row] = await t.database.query<{ status: string; attempts: number }>(
      'select status, attempts from white_label_sends where schedule_id = $1',
      [schedule.guid],
    );
    expect(row).toEqual({ status: 'sent', attempts: 2 });
  });

  it('leases a send for a minute and renews the lease while it runs, every minute: a dead send goes out again within two', async () => {
    const schedule = await monthlyScheduleWithReport('slow.example.com');
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // A send that takes its time (a large report), held until the test lets it go.
    const running = sendDueSchedules({
      ...sendContext(new Date()),
      mailer: { send: () => held },
      renewEveryMs: 100,
    });
    const lease = async () =>
      (
        await t.database.query<{ until: Date; left: number }>(
          `select lease_until as until, extract(epoch from lease_until - now())::float as left
             from white_label_sends where schedule_id = $1`,
          [schedule.guid],
        )
      )[0];
    await expect.poll(lease).toBeDefined();
    const claimed = (await lease())!;
    expect(claimed.left).toBeGreaterThan(0);
    expect(claimed.left).toBeLessThanOrEqual(LEASE_SECONDS);
    await expect.poll(async () => (await lease())!.until.getTime()).toBeGreaterThan(claimed.until.getTime());
    release();
    await running;
    // Every minute the job takes back a lease that ran out: one lease plus one minute at most.
    expect(whiteLabelSchedulesJob.options.cron).toBe('* * * * *');
    expect(LEASE_SECONDS + 60).toBeLessThanOrEqual(120);
  });

  it('validates its fields, and another organization’s website, template or schedule is 404', async () => {
    const account = await whiteLabelAccount();
    const stranger = await whiteLabelAccount();
    const theirWebsite = await website(stranger, 'theirs.example.com');
    const theirTemplate = await template(stranger);
    const mine = await website(account, 'mine.example.com');
    const badEmail = await api(account, 'POST', '/white-label/schedules', {
      website_guid: mine,
      recipient: 'not-an-address',
      frequency: 'weekly',
    });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().fields[0].field).toBe('recipient');
    const badFrequency = await api(account, 'POST', '/white-label/schedules', {
      website_guid: mine,
      recipient: 'client@example.com',
      frequency: 'daily',
    });
    expect(badFrequency.json().fields[0].field).toBe('frequency');
    const foreignWebsite = await api(account, 'POST', '/white-label/schedules', {
      website_guid: theirWebsite,
      recipient: 'client@example.com',
      frequency: 'weekly',
    });
    expect(foreignWebsite.statusCode).toBe(404);
    const foreignTemplate = await api(account, 'POST', '/white-label/schedules', {
      website_guid: mine,
      template_guid: theirTemplate,
      recipient: 'client@example.com',
      frequency: 'weekly',
    });
    expect(foreignTemplate.statusCode).toBe(404);
    const theirSchedule = (
      await api(stranger, 'POST', '/white-label/schedules', {
        website_guid: theirWebsite,
        recipient: 'client@example.com',
        frequency: 'weekly',
      })
    ).json();
    expect(
      (await api(account, 'PATCH', `/white-label/schedules/${theirSchedule.guid}`, { enabled: false }))
        .statusCode,
    ).toBe(404);
    expect((await api(account, 'DELETE', `/white-label/schedules/${theirSchedule.guid}`)).statusCode).toBe(
      404,
    );
    expect((await api(account, 'GET', '/white-label/schedules')).json().schedules).toEqual([]);
    // The template a schedule uses cannot be deleted from under it.
    const used = await api(stranger, 'PATCH', `/white-label/schedules/${theirSchedule.guid}`, {
      template_guid: theirTemplate,
    });
    expect(used.json().template_name).toBe('Agency');
    const refused = await api(stranger, 'DELETE', `/white-label/template/${theirTemplate}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(WHITE_LABEL_DELIVERY_MESSAGES.templateInUse);
    expect((await api(stranger, 'DELETE', `/white-label/schedules/${theirSchedule.guid}`)).statusCode).toBe(
      204,
    );
    expect((await api(stranger, 'DELETE', `/white-label/template/${theirTemplate}`)).statusCode).toBe(204);
  });
});

describe('share links', () => {
  it('open the branded report without a session until they are revoked', async () => {
    const account = await whiteLabelAccount();
    const url = 'https://shared.example.com/';
    const guid = await savedReport(account, url);
    const templateGuid = await template(account);
    const created = await api(account, 'POST', '/white-label/shares', {
      report_url: url,
      template_guid: templateGuid,
      expires_in_days: 7,
    });
    expect(created.statusCode, created.body).toBe(201);
    const share = created.json();
    expect(share).toMatchObject({
      report_guid: guid,
      report_url: url,
      template_name: 'Agency',
      state: 'active',
    });
    expect(share.link).toMatch(/^http:\/\/sitelens\.test\/shared\/report\/[A-Za-z0-9_-]{43}$/);
    const token = share.link.split('/').pop();
    const days = (new Date(share.expires_at).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);

    const page = await anonymous(`/shared/report/${token}`);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    const body = page.json();
    expect(body).toMatchObject({
      branding: {
        header: 'Agency Ltd monthly audit',
        footer: 'Agency Ltd, 1 High Street',
        base64_logo: null,
      },
      report: {
        guid,
        url,
        sections: ['meta-title'],
        overview: { score: 80, passed: 1, warning: 0, failed: 0 },
      },
    });
    expect(body.report.results[url]['meta-title'].result).toMatchObject({
      status: 'passed',
      message: 'The title is fine.',
    });
    expect(body.structure.categories.length).toBeGreaterThan(0);
    const pdf = await anonymous(`/shared/report/${token}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pageTexts(pdf.rawPayload)[0]).toContain('Agency Ltd monthly audit');

    // The template cannot be deleted while a live link uses it.
    expect((await api(account, 'DELETE', `/white-label/template/${templateGuid}`)).statusCode).toBe(409);

    const revoked = await api(account, 'DELETE', `/white-label/shares/${share.guid}`);
    expect(revoked.json()).toMatchObject({ state: 'revoked' });
    for (const path of [`/shared/report/${token}`, `/shared/report/${token}/pdf`]) {
      const gone = await anonymous(path);
      expect(gone.statusCode).toBe(410);
      expect(gone.json().error).toBe(WHITE_LABEL_DELIVERY_MESSAGES.shareGone);
    }
    expect((await anonymous(`/shared/report/${'x'.repeat(43)}`)).statusCode).toBe(404);
    expect((await api(account, 'GET', '/white-label/shares')).json().shares[0]).toMatchObject({
      guid: share.guid,
      state: 'revoked',
    });
    expect(JSON.stringify((await api(account, 'GET', '/white-label/shares')).json())).not.toContain(token);
  });

  it('stop opening when they expire; the length is checked; another organization cannot share or revoke', async () => {
    const account = await whiteLabelAccount();
    const stranger = await whiteLabelAccount();
    const url = 'https://expiring.example.com/';
    const guid = await savedReport(account, url);
    const share = (await api(account, 'POST', '/white-label/shares', { report_url: url })).json();
    expect(share.template_guid).toBe('default');
    const token = share.link.split('/').pop();
    await t.database.query(
      `update white_label_shares set expires_at = now() - interval '1 second' where id = $1`,
      [share.guid],
    );
    expect((await anonymous(`/shared/report/${token}`)).statusCode).toBe(410);
    expect((await api(account, 'GET', '/white-label/shares')).json().shares[0].state).toBe('expired');

    const tooLong = await api(account, 'POST', '/white-label/shares', {
      report_url: url,
      expires_in_days: 91,
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().fields[0]).toEqual({
      field: 'expires_in_days',
      message: WHITE_LABEL_DELIVERY_MESSAGES.shareDays,
    });
    const theirs = await api(stranger, 'POST', '/white-label/shares', { report_url: url, report_guid: guid });
    expect(theirs.statusCode).toBe(404);
    expect((await api(stranger, 'POST', '/white-label/shares', { report_url: url })).statusCode).toBe(404);
    expect((await api(stranger, 'DELETE', `/white-label/shares/${share.guid}`)).statusCode).toBe(404);

    const gated = await teamAccount(t, { allow_white_label_reports: false });
    const refused = await api(gated, 'POST', '/white-label/shares', { report_url: url });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(WHITE_LABEL_MESSAGES.disabled);
  });
});
