import type { PageGroup } from '@sitelens/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderRoutes, stubApi } from '../checkup/checkup-test-kit';
import { PageGroupFormModal } from './page-group-form';
import { callsOf, GROUP, group, W } from './test-fixtures';

function renderForm(existing?: PageGroup) {
  const onSaved = vi.fn();
  renderRoutes(
    [
      {
        path: '/deep-analysis/page-group',
        element: (
          <PageGroupFormModal
            website={{ guid: W }}
            group={existing}
            open
            onClose={() => {}}
            onSaved={onSaved}
          />
        ),
      },
    ],
    '/deep-analysis/page-group',
  );
  return onSaved;
}

const sent = (method: string) => callsOf(fetch).filter((c) => c.method === method);

afterEach(() => vi.unstubAllGlobals());

describe('the page group form', () => {
  it('asks for a title and a description, then creates the group at medium engagement', async () => {
    stubApi((path, init) =>
      init?.method === 'POST' && path === '/api/url-cluster' ? json({ guid: GROUP }, 201) : undefined,
    );
    const onSaved = renderForm();
    const dialog = await screen.findByRole('dialog', { name: 'New page group' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create page group' }));
    expect(await within(dialog).findByText('Please provide a title')).toBeTruthy();
    expect(within(dialog).getByText('Please provide a description')).toBeTruthy();
    expect(within(dialog).getByText('Medium')).toBeTruthy();

    await userEvent.type(within(dialog).getByLabelText('Title'), '  Guides ');
    await userEvent.type(within(dialog).getByLabelText('Description'), 'How-to pages');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create page group' }));
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalledWith(GROUP));
    expect(sent('POST')[0]?.body).toEqual({
      w_guid: W,
      title: 'Guides',
      description: 'How-to pages',
      pue_level: 'medium',
      pue_reason: null,
    });
  });

  it('updates a group with PATCH, sending an emptied reason as null and the level chosen', async () => {
    stubApi((path, init) =>
      init?.method === 'PATCH' && path === `/api/url-cluster/${W}/${GROUP}`
        ? json(group({ pue_level: 'very_low', pue_reason: null }))
        : undefined,
    );
    const onSaved = renderForm(group());
    const dialog = await screen.findByRole('dialog', { name: 'Update page group' });
    expect(within(dialog).getByLabelText('Title')).toHaveValue('Blog');
    const reason = within(dialog).getByLabelText('Reason');
    expect(reason).toHaveValue('Readers come from search and stay to read.');
    await userEvent.clear(reason);
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Engagement level' }));
    await userEvent.click(await screen.findByTitle('Very low'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Update page group' }));

    await vi.waitFor(() => expect(onSaved).toHaveBeenCalledWith(GROUP));
    expect(sent('PATCH')[0]?.body).toEqual({
      title: 'Blog',
      description: 'Pages under /blog/, such as /blog/oak and /blog/ash.',
      pue_level: 'very_low',
      pue_reason: null,
    });
  });

  it("shows the server's refusal on its field", async () => {
    stubApi((path, init) =>
      init?.method === 'POST' && path === '/api/url-cluster'
        ? json(
            {
              error: 'title: Please provide a title',
              fields: [{ field: 'title', message: 'title: Please provide a title' }],
            },
            400,
          )
        : undefined,
    );
    const onSaved = renderForm();
    const dialog = await screen.findByRole('dialog', { name: 'New page group' });
    await userEvent.type(within(dialog).getByLabelText('Title'), 'Guides');
    await userEvent.type(within(dialog).getByLabelText('Description'), 'How-to pages');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create page group' }));
    expect(await within(dialog).findByText('Please provide a title')).toBeTruthy();
    expect(onSaved).not.toHaveBeenCalled();
  });
});
