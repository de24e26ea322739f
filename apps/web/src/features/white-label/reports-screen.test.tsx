import { WHITE_LABEL_MESSAGES } from '@sitelens/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../checkup/checkup-test-kit';
import { type ApiCall, callsTo } from '../webmaster-tools/test-fixtures';
import {
  OTHER_TEMPLATE,
  REPORT,
  renderWhiteLabel,
  serveTemplates,
  TEMPLATE,
  template,
  templateList,
} from './test-fixtures';

const page = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) => `https://example.com/page-${from + i}`);

const PDF_BYTES = '%PDF-1.7 branded';

// jsdom draws no canvas: pdf.js's pictures of the pages stand in as two small PNGs.
const drawn: string[] = [];
vi.mock('./pdf-pages', () => ({
  pdfPageImages: async (pdf: Blob) => {
    drawn.push(await pdf.text());
    const page = { blob: new Blob(['png'], { type: 'image/png' }), width: 595, height: 842 };
    return [page, page];
  },
}));

/** The report list: example.com has two pages of URLs, empty.test none. */
function serveReports(
  templates = templateList(),
  extra: (call: ApiCall) => Response | undefined = () => undefined,
) {
  serveTemplates(templates, (call) => {
    const answer = extra(call);
    if (answer) return answer;
    if (call.path === '/api/report/v2/domains') return json({ domains: ['empty.test', 'example.com'] });
    if (call.path === '/api/report/v2/urls') {
      if (call.query.get('domain') === 'empty.test') return json({ urls: [], next_token: null });
      return call.query.get('next_token') === 'page-2'
        ? json({ urls: page(51, 2), next_token: null })
        : json({ urls: page(1, 50), next_token: 'page-2' });
    }
    if (call.path === '/api/white-label/pdf' && call.query.get('output_type') === 'pdf')
      return new Response(PDF_BYTES, { status: 200, headers: { 'content-type': 'application/pdf' } });
    if (call.path === '/api/white-label/pdf')
      return json({ pdf_content: btoa(PDF_BYTES), file_name: 'example-com-branded.pdf' });
    return undefined;
  });
}

const downloadButton = () => screen.getByRole('button', { name: /Download/ });
const reportPicker = () => screen.getByRole('combobox', { name: 'Saved report' });
const picker = () => reportPicker().closest('.ant-select') as HTMLElement;

// jsdom has no object URLs.
beforeEach(() => {
  let made = 0;
  drawn.length = 0;
  URL.createObjectURL = vi.fn(() => `blob:preview-${++made}`);
  URL.revokeObjectURL = vi.fn();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the Generate report screen', () => {
  it('keeps Download disabled until a saved report is chosen through the domain, then the URL', async () => {
    const user = userEvent.setup();
    serveReports();
    const router = renderWhiteLabel('/white-label/reports');
    expect(await screen.findByText('New Branded PDF Report')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Generate report', selected: true })).toBeInTheDocument();
    expect(downloadButton()).toBeDisabled();
    expect(picker()).toHaveTextContent(WHITE_LABEL_MESSAGES.selectReport);

    await user.click(reportPicker());
    await user.click(await screen.findByText('example.com'));
    // Only an opened domain's URLs are read.
    expect(await screen.findByText('https://example.com/page-1')).toBeInTheDocument();
    expect(callsTo('/api/report/v2/urls').map((c) => c.query.get('domain'))).toEqual(['example.com']);
    await user.click(screen.getByText('https://example.com/page-2'));

    await waitFor(() => expect(downloadButton()).toBeEnabled());
    expect(new URLSearchParams(router.state.location.search).get('report_url')).toBe(
      'https://example.com/page-2',
    );
    expect(picker()).toHaveTextContent('example.com / https://example.com/page-2');
  });

  it('says so for a domain without saved reports', async () => {
    const user = userEvent.setup();
    serveReports();
    renderWhiteLabel('/white-label/reports');
    await user.click(await screen.findByRole('combobox', { name: 'Saved report' }));
    await user.click(await screen.findByText('empty.test'));
    const none = await screen.findByText(WHITE_LABEL_MESSAGES.noUrls);
    expect(none.closest('li')).toHaveClass('ant-cascader-menu-item-disabled');
  });

  it("offers to read a domain's URLs again when they could not be read", async () => {
    const user = userEvent.setup();
    let fail = true;
    serveReports(templateList(), (call) =>
      call.path === '/api/report/v2/urls' && fail ? json({ error: 'Try later' }, 503) : undefined,
    );
    renderWhiteLabel('/white-label/reports');
    await user.click(await screen.findByRole('combobox', { name: 'Saved report' }));
    await user.click(await screen.findByText('example.com'));
    fail = false;
    await user.click(await screen.findByText('Something went wrong. Try again'));
    expect(await screen.findByText('https://example.com/page-1')).toBeInTheDocument();
  });

  it("appends the domain's next 50 URLs on 'Load more'", async () => {
    const user = userEvent.setup();
    serveReports();
    renderWhiteLabel('/white-label/reports');
    await user.click(await screen.findByRole('combobox', { name: 'Saved report' }));
    await user.click(await screen.findByText('example.com'));
    expect(await screen.findByText('https://example.com/page-50')).toBeInTheDocument();
    expect(screen.queryByText('https://example.com/page-51')).toBeNull();

    await user.click(screen.getByText('Load more'));
    expect(await screen.findByText('https://example.com/page-52')).toBeInTheDocument();
    // Appended: the first page is still there, and the list has no more pages.
    expect(screen.getByText('https://example.com/page-1')).toBeInTheDocument();
    expect(screen.queryByText('Load more')).toBeNull();
    expect(callsTo('/api/report/v2/urls').map((c) => c.query.get('next_token'))).toEqual([null, 'page-2']);
    expect(downloadButton()).toBeDisabled();
  });

  it("previews the template's logo, header and footer as text until a report is chosen", async () => {
    serveReports(templateList([template({ content_blocks: { header: '<b>x</b>', footer: 'Acme SEO' } })]));
    renderWhiteLabel(`/white-label/reports?template_guid=${TEMPLATE}`);
    const preview = await screen.findByRole('region', { name: 'Template preview' });
    expect(within(preview).getByText('<b>x</b>')).toBeInTheDocument();
    expect(preview.querySelector('b')).toBeNull();
    expect(within(preview).getByText('Choose a saved report to preview it')).toBeInTheDocument();
    expect(within(preview).getByText('Acme SEO')).toBeInTheDocument();
    expect(within(preview).getByRole('img', { name: 'Template logo' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Report preview' })).toBeNull();
  });

  it('uses the first template when template_guid is missing or unknown, and keeps the choice in the URL', async () => {
    const user = userEvent.setup();
    serveReports(templateList([template(), template({ guid: OTHER_TEMPLATE, name: 'Second brand' })]));
    const router = renderWhiteLabel('/white-label/reports?template_guid=nope');
    const select = await screen.findByRole('combobox', { name: 'Template' });
    expect(select.closest('.ant-select')).toHaveTextContent('Default');

    await user.click(select);
    const options = [...document.querySelectorAll('.ant-select-item-option')].map((o) => o.textContent);
    expect(options).toEqual(['Default', 'Agency brand', 'Second brand']);
    await user.click(screen.getByTitle('Second brand'));
    expect(new URLSearchParams(router.state.location.search).get('template_guid')).toBe(OTHER_TEMPLATE);
    expect(select.closest('.ant-select')).toHaveTextContent('Second brand');
  });

  it('opens on the report and template of its query, previews that PDF and downloads it', async () => {
    const user = userEvent.setup();
    const clicked: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download });
    });
    serveReports();
    const url = 'https://www.example.com/pricing?plan=pro';
    const router = renderWhiteLabel(
      `/white-label/reports?template_guid=${TEMPLATE}&report_guid=${REPORT}&report_url=${encodeURIComponent(url)}`,
    );

    // The PDF's pages as pictures, not the PDF in a frame.
    const pages = await screen.findByRole('region', { name: 'Report preview' });
    expect(
      within(pages)
        .getAllByRole('img')
        .map((img) => [img.getAttribute('alt'), img.getAttribute('src')]),
    ).toEqual([
      ['Page 1 of 2', 'blob:preview-1'],
      ['Page 2 of 2', 'blob:preview-2'],
    ]);
    expect(drawn).toEqual([PDF_BYTES]);
    expect(document.querySelector('iframe')).toBeNull();
    const [preview] = callsTo('/api/white-label/pdf');
    expect(Object.fromEntries(preview!.query)).toEqual({
      report_url: url,
      report_guid: REPORT,
      template_guid: TEMPLATE,
      output_type: 'pdf',
    });
    // The cascader shows the report as chosen, under its domain (the host without www.).
    expect(picker()).toHaveTextContent(`example.com / ${url}`);
    expect(screen.getByRole('combobox', { name: 'Template' }).closest('.ant-select')).toHaveTextContent(
      'Agency brand',
    );

    await user.click(downloadButton());
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(clicked[0]!.download).toBe('example-com-branded.pdf');
    const download = callsTo('/api/white-label/pdf').find((c) => !c.query.has('output_type'));
    expect(Object.fromEntries(download!.query)).toEqual({
      report_url: url,
      report_guid: REPORT,
      template_guid: TEMPLATE,
    });
    expect(router.state.location.search).toContain(`report_guid=${REPORT}`);
  });

  it('drops report_guid when another report is chosen (its latest run is used)', async () => {
    const user = userEvent.setup();
    serveReports();
    const router = renderWhiteLabel(
      `/white-label/reports?report_guid=${REPORT}&report_url=${encodeURIComponent('https://example.com/page-1')}`,
    );
    await user.click(await screen.findByRole('combobox', { name: 'Saved report' }));
    await user.click(await screen.findByText('https://example.com/page-3'));
    await waitFor(() =>
      expect(new URLSearchParams(router.state.location.search).get('report_url')).toBe(
        'https://example.com/page-3',
      ),
    );
    expect(new URLSearchParams(router.state.location.search).has('report_guid')).toBe(false);
    await waitFor(() =>
      expect(callsTo('/api/white-label/pdf').at(-1)?.query.get('report_url')).toBe(
        'https://example.com/page-3',
      ),
    );
    expect(callsTo('/api/white-label/pdf').at(-1)?.query.has('report_guid')).toBe(false);
  });

  it('shows the server error when the preview cannot be made', async () => {
    serveReports(templateList(), (call) =>
      call.path === '/api/white-label/pdf'
        ? json({ error: WHITE_LABEL_MESSAGES.noReport, code: 'not_found' }, 404)
        : undefined,
    );
    renderWhiteLabel(`/white-label/reports?report_url=${encodeURIComponent('https://example.com/gone')}`);
    expect(await screen.findByText(WHITE_LABEL_MESSAGES.noReport)).toBeInTheDocument();
  });

  it('says when there are no saved reports at all', async () => {
    serveReports(templateList(), (call) =>
      call.path === '/api/report/v2/domains' ? json({ domains: [] }) : undefined,
    );
    renderWhiteLabel('/white-label/reports');
    expect(await screen.findByText(/You have no saved reports yet/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Run an SEO Checkup' })).toHaveAttribute('href', '/analysis');
  });
});
