import { WHITE_LABEL_MESSAGES } from '@sitelens/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '../checkup/checkup-test-kit';
import { callsTo } from '../webmaster-tools/test-fixtures';
import {
  OTHER_TEMPLATE,
  renderWhiteLabel,
  serveTemplates,
  TEMPLATE,
  template,
  templateList,
} from './test-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const table = () => screen.getByRole('table');

describe('the white-label screens on a plan without white label', () => {
  it.each([
    '/white-label/reports',
    '/white-label/templates',
    '/white-label/templates/new',
    `/white-label/templates/${TEMPLATE}`,
  ])('%s shows only the warning with its upgrade link', async (path) => {
    serveTemplates(templateList([template()], false));
    const router = renderWhiteLabel(path);
    expect(await screen.findByText(WHITE_LABEL_MESSAGES.disabled)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'upgrade' })).toHaveAttribute('href', '/subscription/plans');
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('button', { name: /Create new template|Download|Save template/ })).toBeNull();
    expect(router.state.location.pathname).toBe(path);

    await userEvent.click(screen.getByRole('link', { name: 'upgrade' }));
    expect(await screen.findByText('plans screen')).toBeInTheDocument();
  });
});

describe('the Saved Templates list', () => {
  it("says so when the organization has no template of its own (the built-in one isn't listed)", async () => {
    serveTemplates(templateList([]));
    renderWhiteLabel('/white-label/templates');
    expect(await screen.findByText('Saved Templates')).toBeInTheDocument();
    expect(screen.getByText(WHITE_LABEL_MESSAGES.noTemplates)).toBeInTheDocument();
    expect(within(table()).queryByText('Default')).toBeNull();
    expect(screen.getByRole('tab', { name: 'Template settings', selected: true })).toBeInTheDocument();
  });

  it('lists the templates with their number, date and name; a row opens its editor', async () => {
    const user = userEvent.setup();
    serveTemplates(
      templateList([
        template(),
        template({ guid: OTHER_TEMPLATE, name: 'Second brand', last_modified: 1_793_620_800 }),
      ]),
    );
    const router = renderWhiteLabel('/white-label/templates');
    await screen.findByText('Agency brand');
    const headers = within(table())
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers.slice(0, 3)).toEqual(['#', 'Updated at', 'Template name']);
    const rows = within(table()).getAllByRole('row').slice(1);
    expect(
      rows.map((row) => [...row.querySelectorAll('td')].slice(0, 3).map((td) => td.textContent)),
    ).toEqual([
      ['1', 'Nov 20, 2026', 'Agency brand'],
      ['2', 'Nov 02, 2026', 'Second brand'],
    ]);
    expect(within(rows[0]!).getByRole('button', { name: 'Delete Agency brand' })).toBeInTheDocument();

    await user.click(within(rows[1]!).getByText('Nov 02, 2026'));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/white-label/templates/${OTHER_TEMPLATE}`),
    );
    expect(await screen.findByText('PDF Brand Template')).toBeInTheDocument();
  });

  it("opens a new template from 'Create new template', and the reports from the other tab", async () => {
    const user = userEvent.setup();
    serveTemplates(templateList([]), (call) =>
      call.path === '/api/report/v2/domains' ? json({ domains: [] }) : undefined,
    );
    const router = renderWhiteLabel('/white-label/templates');
    await user.click(await screen.findByRole('button', { name: /Create new template/ }));
    expect(router.state.location.pathname).toBe('/white-label/templates/new');
    expect(await screen.findByLabelText('Template name')).toHaveValue('');

    // The editor is under 'Template settings': its tab leads back to the list.
    await user.click(screen.getByRole('tab', { name: 'Template settings', selected: true }));
    expect(router.state.location.pathname).toBe('/white-label/templates');
    await user.click(screen.getByRole('tab', { name: 'Generate report' }));
    expect(router.state.location.pathname).toBe('/white-label/reports');
    expect(await screen.findByText('New Branded PDF Report')).toBeInTheDocument();
  });

  it('deletes a template after confirming, without opening it', async () => {
    const user = userEvent.setup();
    let own = [template(), template({ guid: OTHER_TEMPLATE, name: 'Second brand' })];
    serveTemplates(templateList(own), (call) => {
      if (call.method === 'GET' && call.path === '/api/white-label/template') return json(templateList(own));
      if (call.method === 'DELETE' && call.path === `/api/white-label/template/${TEMPLATE}`) {
        own = own.filter((t) => t.guid !== TEMPLATE);
        return new Response(null, { status: 204 });
      }
      return undefined;
    });
    const router = renderWhiteLabel('/white-label/templates');
    await user.click(await screen.findByRole('button', { name: 'Delete Agency brand' }));
    const confirm = await screen.findByRole('tooltip');
    expect(confirm).toHaveTextContent('Delete the template “Agency brand”?');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(screen.queryByText('Agency brand')).toBeNull());
    expect(screen.getByText('Second brand')).toBeInTheDocument();
    expect(callsTo(`/api/white-label/template/${TEMPLATE}`, 'DELETE')).toHaveLength(1);
    expect(router.state.location.pathname).toBe('/white-label/templates');
  });

  it('shows the error when the list cannot be read, and reads it again on demand', async () => {
    const user = userEvent.setup();
    let fail = true;
    serveTemplates(templateList(), (call) =>
      call.path === '/api/white-label/template' && fail
        ? json({ error: 'The database is away' }, 503)
        : undefined,
    );
    renderWhiteLabel('/white-label/templates');
    expect(await screen.findByText('The database is away')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Agency brand')).toBeInTheDocument();
  });
});
