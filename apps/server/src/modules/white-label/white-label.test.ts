import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { type ReportTemplate, WHITE_LABEL_LIMITS, WHITE_LABEL_MESSAGES } from '@sitelens/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, createTestApp, givePlan, type TestApp, teamAccount } from '../../test/app';
import { pageImages, pageTexts } from '../../test/pdf';
import { userCommand } from '../users/override-plan-command';
import { organizationOf, savedReport as savedReportOf } from './test-support';

// White-label templates and the branded PDF: plan gating and the override plan; logos checked as
// SECURITY.md D1 asks (nothing stored on a refusal); header and footer text shown as text with
// nothing fetched (D2); the logo, header and footer on every page; other organizations get 404.

let t: TestApp;
let pngLogo: Buffer;
/** A server that counts every connection made to it: the PDF renderer must make none. */
let trap: http.Server;
let trapSockets = 0;
let trapUrl = '';

beforeAll(async () => {
  t = await createTestApp();
  pngLogo = await sharp({ create: { width: 300, height: 150, channels: 3, background: '#1677ff' } })
    .png()
    .toBuffer();
  trap = http.createServer((_request, response) => response.end('x'));
  trap.on('connection', () => {
    trapSockets += 1;
  });
  await new Promise<void>((resolve) => trap.listen(0, '127.0.0.1', resolve));
  trapUrl = `http://127.0.0.1:${(trap.address() as AddressInfo).port}/x`;
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => trap.close(resolve));
});

const whiteLabelAccount = () => teamAccount(t, { allow_white_label_reports: true });
const api = (account: Account, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: account.auth, payload });
const dataUrl = (bytes: Buffer, type = 'image/png') => `data:${type};base64,${bytes.toString('base64')}`;

async function createTemplate(account: Account, body: Record<string, unknown> = {}): Promise<ReportTemplate> {
  const response = await api(account, 'POST', '/white-label/template', {
    engine_version: '1.0.0',
    theme: 'default',
    name: 'Acme',
    content_blocks: { header: 'Acme Agency SEO audit', footer: 'Prepared by Acme Agency' },
    base64_logo: dataUrl(pngLogo),
    logo_name: 'acme.png',
    ...body,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

const templateCount = async (account: Account) =>
  (
    await t.database.query<{ n: number }>(
      'select count(*)::int as n from white_label_templates where organization_id = $1',
      [await organizationOf(t.database, account)],
    )
  )[0]!.n;

/** A finished, saved checkup of `url` with enough checks to run over several PDF pages. */
const savedReport = (account: Account, url: string) =>
  savedReportOf(
    t.database,
    account,
    url,
    { score: 62, passed: 3, warning: 2, failed: 2, has_all_sections: false },
    ['meta-title', 'meta-description', 'h1-heading', 'robots-txt', 'sitemap', 'hsts', 'favicon'].map(
      (key, index) => ({
        key,
        status: index < 3 ? 'passed' : index < 5 ? 'warning' : 'failed',
        result: {
          relevance: 8,
          message: `The ${key} check found this. `.repeat(30),
          recommendation: `Fix ${key} like this. `.repeat(20),
        },
      }),
    ),
  );

describe('plan gating', () => {
  it('refuses templates and PDFs on a plan without white label, until an override plan switches it on', async () => {
    const account = await teamAccount(t, { allow_white_label_reports: false });
    const list = await api(account, 'GET', '/white-label/template');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ allowed: false, templates: [{ guid: 'default', editable: false }] });
    const refused = await api(account, 'POST', '/white-label/template', { name: 'Acme' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(WHITE_LABEL_MESSAGES.disabled);
    const pdf = await api(account, 'GET', '/white-label/pdf?report_url=https%3A%2F%2Fexample.com%2F');
    expect(pdf.statusCode).toBe(403);
    expect(await templateCount(account)).toBe(0);

    // The operator's override plan (one that allows white label) adds the feature for this user.
    const other = await teamAccount(t, {});
    const overridePlan = await givePlan(t.database, other.guid, { allow_white_label_reports: true });
    expect(await userCommand(t.database, ['override-plan', account.email, 'no-such-plan'])).toBe(1);
    expect(await userCommand(t.database, ['override-plan', account.email, overridePlan])).toBe(0);
    expect((await api(account, 'GET', '/white-label/template')).json().allowed).toBe(true);
    await createTemplate(account);
    expect(await userCommand(t.database, ['override-plan', account.email, 'none'])).toBe(0);
    expect((await api(account, 'GET', '/white-label/template')).json().allowed).toBe(false);
  });
});

describe('templates', () => {
  it('creates, lists, changes and deletes a template; the logo is a 70 px PNG served as image/png', async () => {
    const account = await whiteLabelAccount();
    const created = await createTemplate(account);
    expect(created).toMatchObject({
      name: 'Acme',
      content_blocks: { header: 'Acme Agency SEO audit', footer: 'Prepared by Acme Agency' },
      engine_version: '1.0.0',
      theme: 'default',
      editable: true,
      logo: `/api/white-label/template/${created.guid}/logo`,
    });
    const logo = await api(account, 'GET', `/white-label/template/${created.guid}/logo`);
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/png');
    expect(logo.headers['x-content-type-options']).toBe('nosniff');
    expect(await sharp(logo.rawPayload).metadata()).toMatchObject({
      format: 'png',
      height: WHITE_LABEL_LIMITS.logoHeight,
      width: 140,
    });
    expect(created.base64_logo).toBe(dataUrl(logo.rawPayload));

    const second = await createTemplate(account, { name: 'Second', base64_logo: undefined });
    const list = (await api(account, 'GET', '/white-label/template')).json();
    expect(list.templates.map((template: ReportTemplate) => template.name)).toEqual([
      'Default',
      'Second',
      'Acme',
    ]);

    // A PATCH without base64_logo keeps the logo; null removes it.
    const renamed = await api(account, 'PATCH', `/white-label/template/${created.guid}`, {
      guid: created.guid,
      name: 'Acme renamed',
      content_blocks: { header: 'New header', footer: '' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({
      name: 'Acme renamed',
      content_blocks: { header: 'New header', footer: '' },
      base64_logo: created.base64_logo,
    });
    const unlogoed = await api(account, 'PATCH', `/white-label/template/${created.guid}`, {
      name: 'Acme renamed',
      base64_logo: null,
    });
    expect(unlogoed.json()).toMatchObject({ logo: null, base64_logo: null });
    expect((await api(account, 'GET', `/white-label/template/${created.guid}/logo`)).statusCode).toBe(404);

    expect((await api(account, 'DELETE', `/white-label/template/${second.guid}`)).statusCode).toBe(204);
    expect((await api(account, 'DELETE', `/white-label/template/${second.guid}`)).statusCode).toBe(404);
    expect(await templateCount(account)).toBe(1);
  });

  it('keeps the built-in template as it is', async () => {
    const account = await whiteLabelAccount();
    const patch = await api(account, 'PATCH', '/white-label/template/default', { name: 'Mine' });
    expect(patch.statusCode).toBe(400);
    expect(patch.json().error).toBe(WHITE_LABEL_MESSAGES.defaultNotEditable);
    expect((await api(account, 'DELETE', '/white-label/template/default')).statusCode).toBe(400);
  });

  it('answers 400 with the field and the reason for a bad name, header or footer', async () => {
    const account = await whiteLabelAccount();
    const noName = await api(account, 'POST', '/white-label/template', { name: '  ' });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().fields).toEqual([{ field: 'name', message: WHITE_LABEL_MESSAGES.required }]);
    const longHeader = await api(account, 'POST', '/white-label/template', {
      name: 'Acme',
      content_blocks: { header: 'x'.repeat(145), footer: '' },
    });
    expect(longHeader.statusCode).toBe(400);
    expect(longHeader.json().fields[0]).toEqual({
      field: 'content_blocks.header',
      message: WHITE_LABEL_MESSAGES.textTooLong,
    });
    const fine = await createTemplate(account, {
      content_blocks: { header: 'x'.repeat(144), footer: 'y'.repeat(144) },
    });
    expect(fine.content_blocks.header).toHaveLength(144);
  });
});

describe('logo uploads (SECURITY.md D1)', () => {
  /** A 1×1 PNG whose header claims 60,000 × 60,000 pixels (its checksum fixed so it parses). */
  async function pixelFlood(): Promise<Buffer> {
    const png = Buffer.from(
      await sharp({ create: { width: 1, height: 1, channels: 3, background: '#fff' } })
        .png()
        .toBuffer(),
    );
    png.writeUInt32BE(60_000, 16);
    png.writeUInt32BE(60_000, 20);
    png.writeUInt32BE(zlib.crc32(png.subarray(12, 29)) >>> 0, 29);
    return png;
  }

  it('refuses an SVG named .png, a pixel flood, a truncated GIF, a mismatched name and 1 MiB + 1 byte, storing nothing', async () => {
    const account = await whiteLabelAccount();
    const gif = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#f00' } })
      .gif()
      .toBuffer();
    const svg = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg"><image href="${trapUrl}"/></svg>`);
    // A real PNG start, padded past the limit: the size is refused before the bytes are looked at.
    const oversized = Buffer.concat([
      pngLogo,
      Buffer.alloc(WHITE_LABEL_LIMITS.logoBytes + 1 - pngLogo.length),
    ]);
    const cases: [string, string, string, string][] = [
      ['svg renamed .png', dataUrl(svg), 'logo.png', WHITE_LABEL_MESSAGES.fileType],
      ['svg as itself', dataUrl(svg, 'image/svg+xml'), 'logo.svg', WHITE_LABEL_MESSAGES.fileType],
      ['pixel flood', dataUrl(await pixelFlood()), 'flood.png', WHITE_LABEL_MESSAGES.fileType],
      [
        'truncated gif',
        dataUrl(gif.subarray(0, Math.floor(gif.length / 2)), 'image/gif'),
        'logo.gif',
        WHITE_LABEL_MESSAGES.fileType,
      ],
      ['png named .gif', dataUrl(pngLogo, 'image/gif'), 'logo.gif', WHITE_LABEL_MESSAGES.fileType],
      ['png declared as jpeg', dataUrl(pngLogo, 'image/jpeg'), 'logo.png', WHITE_LABEL_MESSAGES.fileType],
      ['1 MiB + 1 byte', dataUrl(oversized), 'big.png', WHITE_LABEL_MESSAGES.logoTooLarge],
    ];
    for (const [name, base64Logo, logoName, message] of cases) {
      const response = await api(account, 'POST', '/white-label/template', {
        name,
        base64_logo: base64Logo,
        logo_name: logoName,
      });
      expect(response.statusCode, name).toBe(400);
      expect(response.json().fields, name).toEqual([{ field: 'base64_logo', message }]);
    }
    // A body far past the limit is cut off while it is read.
    const huge = await api(account, 'POST', '/white-label/template', {
      name: 'huge',
      base64_logo: `data:image/png;base64,${'A'.repeat(2_000_000)}`,
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error).toBe(WHITE_LABEL_MESSAGES.logoTooLarge);
    expect(await templateCount(account)).toBe(0);
    expect(trapSockets).toBe(0);

    // Exactly 1 MiB is within the limit; a GIF becomes a PNG.
    const exact = Buffer.concat([gif, Buffer.alloc(WHITE_LABEL_LIMITS.logoBytes - gif.length)]);
    const converted = await createTemplate(account, {
      base64_logo: dataUrl(exact, 'image/gif'),
      logo_name: 'logo.GIF',
    });
    const logo = await api(account, 'GET', `/white-label/template/${converted.guid}/logo`);
    expect((await sharp(logo.rawPayload).metadata()).format).toBe('png');
  });

  it('refuses a bad logo on a change and keeps the template as it was', async () => {
    const account = await whiteLabelAccount();
    const template = await createTemplate(account);
    const response = await api(account, 'PATCH', `/white-label/template/${template.guid}`, {
      name: 'Changed',
      base64_logo: dataUrl(Buffer.from('<svg/>')),
      logo_name: 'logo.png',
    });
    expect(response.statusCode).toBe(400);
    const [stored] = (await api(account, 'GET', '/white-label/template')).json().templates.slice(1);
    expect(stored).toMatchObject({ name: 'Acme', base64_logo: template.base64_logo });
  });
});

describe('the branded PDF', () => {
  it('puts the logo, the header and the footer on every page, as text, fetching nothing', async () => {
    const account = await whiteLabelAccount();
    const url = 'https://client.example.com/';
    const guid = await savedReport(account, url);
    const header = `<img src=${trapUrl}>`;
    const template = await createTemplate(account, {
      content_blocks: { header, footer: 'Prepared by <b>Acme</b> & Co' },
    });
    trapSockets = 0;
    const response = await api(
      account,
      'GET',
      `/white-label/pdf?report_url=${encodeURIComponent(url)}&report_guid=${guid}&template_guid=${template.guid}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    const { pdf_content, file_name } = response.json();
    expect(file_name).toMatch(/^seo-report-client\.example\.com-\d{4}-\d{2}-\d{2}\.pdf$/);
    const pdf = Buffer.from(pdf_content, 'base64');
    const pages = pageTexts(pdf);
    expect(pages.length).toBeGreaterThan(1);
    for (const page of pages) {
      expect(page).toContain(header);
      expect(page).toContain('Prepared by <b>Acme</b> & Co');
      expect(page).not.toContain('Sitelens');
    }
    const images = pageImages(pdf);
    for (let page = 1; page <= pages.length; page++)
      expect(images.some((image) => image.page === page)).toBe(true);
    expect(trapSockets).toBe(0);
  });

  it('takes the latest report of the URL without report_guid, the default template without template_guid, and answers the document for the preview', async () => {
    const account = await whiteLabelAccount();
    const url = 'https://latest.example.com/';
    await savedReport(account, url);
    const latest = await savedReport(account, url);
    const preview = await api(
      account,
      'GET',
      `/white-label/pdf?report_url=${encodeURIComponent(url)}&output_type=pdf`,
    );
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.headers['content-type']).toBe('application/pdf');
    expect(preview.headers['content-disposition']).toMatch(
      /^inline; filename="seo-report-latest\.example\.com-/,
    );
    expect(pageTexts(preview.rawPayload)[0]).toContain(url);
    expect(pageImages(preview.rawPayload)).toEqual([]);
    const withGuid = await api(
      account,
      'GET',
      `/white-label/pdf?report_url=${encodeURIComponent(url)}&report_guid=${latest}&template_guid=default`,
    );
    expect(withGuid.statusCode).toBe(200);

    const none = await api(
      account,
      'GET',
      `/white-label/pdf?report_url=${encodeURIComponent('https://none.example.com/')}`,
    );
    expect(none.statusCode).toBe(404);
    expect(none.json().error).toBe(WHITE_LABEL_MESSAGES.noReport);
    const missingUrl = await api(account, 'GET', '/white-label/pdf?report_url=');
    expect(missingUrl.statusCode).toBe(400);
  });

  it('lists the domains of saved reports for the report choice', async () => {
    const account = await whiteLabelAccount();
    await savedReport(account, 'https://www.alpha.example.com/page');
    await savedReport(account, 'https://beta.example.org/');
    const domains = await api(account, 'GET', '/report/v2/domains');
    expect(domains.json()).toEqual({ domains: ['alpha.example.com', 'beta.example.org'] });
    const urls = await api(account, 'GET', '/report/v2/urls?domain=alpha.example.com');
    expect(urls.json()).toEqual({ urls: ['https://www.alpha.example.com/page'], next_token: null });
  });
});

describe('organizations', () => {
  it("answers 404 for another organization's templates and reports", async () => {
    const owner = await whiteLabelAccount();
    const stranger = await whiteLabelAccount();
    const template = await createTemplate(owner);
    const url = 'https://private.example.com/';
    const guid = await savedReport(owner, url);
    const q = encodeURIComponent(url);
    const attempts = [
      api(stranger, 'GET', `/white-label/template/${template.guid}/logo`),
      api(stranger, 'PATCH', `/white-label/template/${template.guid}`, { name: 'Taken' }),
      api(stranger, 'DELETE', `/white-label/template/${template.guid}`),
      api(stranger, 'GET', `/white-label/pdf?report_url=${q}&report_guid=${guid}`),
      api(stranger, 'GET', `/white-label/pdf?report_url=${q}`),
      api(stranger, 'GET', `/white-label/pdf?report_url=${q}&template_guid=${template.guid}`),
    ];
    for (const response of await Promise.all(attempts)) expect(response.statusCode, response.body).toBe(404);
    expect((await api(stranger, 'GET', '/white-label/template')).json().templates).toHaveLength(1);
    expect((await api(stranger, 'GET', '/report/v2/domains')).json().domains).toEqual([]);
  });
});
