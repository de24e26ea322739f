import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderRoutes, stubApi } from '../checkup/checkup-test-kit';
import { AddUrlsButton, AddUrlsForm } from './add-urls-form';
import { callsOf, GROUP, group, url, W } from './test-fixtures';

const SITE = { guid: W, domain: 'example.com' };
const NEW_GROUP = '00000000-0000-4000-8000-0000000000c2';

const renderAt = (element: ReactElement) =>
  renderRoutes([{ path: '/deep-analysis/monitored-urls', element }], '/deep-analysis/monitored-urls');

const posts = () => callsOf(fetch).filter((c) => c.method === 'POST');

async function submit(text: string) {
  const field = screen.getByLabelText('URLs');
  await userEvent.clear(field);
  if (text) await userEvent.type(field, text);
  await userEvent.click(screen.getByRole('button', { name: 'Add URLs' }));
}

afterEach(() => vi.unstubAllGlobals());

describe('adding URLs', () => {
  it('refuses a URL of another domain and an empty list before calling the server', async () => {
    stubApi(() => undefined);
    renderAt(<AddUrlsForm website={SITE} />);
    await submit('https://example.com/a{enter}https://other.com/b');
    expect(await screen.findByText('Please add valid URLs from domain: example.com')).toBeTruthy();

    await submit('');
    expect(await screen.findByText('Please add valid URLs from domain: example.com')).toBeTruthy();
    expect(posts()).toEqual([]);
  });

  it('sends the split list, www and a missing scheme accepted, and says when it is done', async () => {
    const onAdded = vi.fn();
    stubApi((path, init) =>
      init?.method === 'POST' && path === `/api/serviceable-url/${W}`
        ? json({ data: [url(1)] }, 201)
        : undefined,
    );
    renderAt(<AddUrlsForm website={SITE} onAdded={onAdded} />);
    await submit('https://www.example.com/a, example.com/b{enter}example.com/b');
    await vi.waitFor(() => expect(onAdded).toHaveBeenCalled());
    expect(posts()[0]?.body).toEqual({ urls: ['https://www.example.com/a', 'example.com/b'] });
  });

  it("shows the server's 'URLs limit exceeded' on the field", async () => {
    stubApi((path, init) =>
      init?.method === 'POST' && path === `/api/serviceable-url/${W}`
        ? json(
            { error: 'URLs limit exceeded', fields: [{ field: 'urls', message: 'URLs limit exceeded' }] },
            403,
          )
        : undefined,
    );
    renderAt(<AddUrlsForm website={SITE} />);
    await submit('https://example.com/a');
    expect(await screen.findByText('URLs limit exceeded')).toBeTruthy();
  });

  it('says something went wrong when the server adds nothing', async () => {
    stubApi((path, init) =>
      init?.method === 'POST' && path === `/api/serviceable-url/${W}` ? json({ data: [] }, 201) : undefined,
    );
    renderAt(<AddUrlsForm website={SITE} />);
    await submit('https://example.com/a');
    expect(
      await screen.findByText('Something went wrong! Please try again or contact support.'),
    ).toBeTruthy();
  });

  it('sends the URLs to the page group given', async () => {
    stubApi((path, init) =>
      init?.method === 'POST' && path === `/api/serviceable-url/${W}/cluster/${GROUP}`
        ? json({ data: [url(1)] }, 201)
        : undefined,
    );
    const onAdded = vi.fn();
    renderAt(<AddUrlsForm website={SITE} clusterGuid={GROUP} onAdded={onAdded} />);
    await submit('https://example.com/a');
    await vi.waitFor(() => expect(onAdded).toHaveBeenCalled());
    expect(posts().map((c) => c.path)).toEqual([`/api/serviceable-url/${W}/cluster/${GROUP}`]);
  });

  it('asks for a page group, and selects the one made with "New page group"', async () => {
    let created = false;
    stubApi((path, init) => {
      if (path === `/api/url-cluster/${W}`)
        return json(created ? [group(), group({ guid: NEW_GROUP, title: 'Guides' })] : [group()]);
      if (init?.method === 'POST' && path === '/api/url-cluster') {
        created = true;
        return json({ guid: NEW_GROUP }, 201);
      }
      if (init?.method === 'POST' && path === `/api/serviceable-url/${W}/cluster/${NEW_GROUP}`)
        return json({ data: [url(1)] }, 201);
      return undefined;
    });
    const onAdded = vi.fn();
    renderAt(<AddUrlsForm website={SITE} chooseGroup onAdded={onAdded} />);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Add them to a page group' }));
    await submit('https://example.com/a');
    expect(await screen.findByText('Please select a page group')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: /New page group/ }));
    const dialog = await screen.findByRole('dialog', { name: 'New page group' });
    await userEvent.type(within(dialog).getByLabelText('Title'), 'Guides');
    await userEvent.type(within(dialog).getByLabelText('Description'), 'How-to pages');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create page group' }));

    // The group's form closes (jsdom never ends its closing animation) and the new group is chosen.
    await vi.waitFor(() => expect(dialog.className).toContain('leave'));
    const select = screen.getByRole('combobox', { name: 'Page group' }).closest('.ant-select');
    await vi.waitFor(() => expect(select?.textContent).toContain('Guides'));
    await vi.waitFor(() => expect(screen.queryByText('Please select a page group')).toBeNull());
    await userEvent.click(screen.getByRole('button', { name: 'Add URLs' }));
    await vi.waitFor(() => expect(onAdded).toHaveBeenCalled());
    expect(posts().map((c) => c.path)).toEqual([
      '/api/url-cluster',
      `/api/serviceable-url/${W}/cluster/${NEW_GROUP}`,
    ]);
  });
});

describe("'Add new URLs'", () => {
  const OTHER = '00000000-0000-4000-8000-0000000000a2';
  const serveCount = (count: number) =>
    stubApi((path, init) => {
      if (path === `/api/serviceable-url/${W}/count`)
        return json({ count, analyzed: count, dp_max_urls: 100, rendering: null });
      if (path === `/api/serviceable-url/${OTHER}/count`)
        return json({ count: 0, analyzed: 0, dp_max_urls: 100, rendering: null });
      if (init?.method === 'POST' && path === `/api/serviceable-url/${W}`)
        return json({ data: [url(1)] }, 201);
      return undefined;
    });

  it('is hidden once the website monitors as many URLs as the plan allows', async () => {
    serveCount(100);
    renderAt(
      <>
        <AddUrlsButton website={SITE} />
        <AddUrlsButton website={{ guid: OTHER, domain: 'other.com' }} />
      </>,
    );
    // The other website's button shows once both counts are read: only it is there.
    expect(await screen.findByRole('button', { name: /Add new URLs/ })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /Add new URLs/ })).toHaveLength(1);
  });

  it('opens the form in a modal, which closes with the spec notice once the URLs are added', async () => {
    serveCount(99);
    renderAt(<AddUrlsButton website={SITE} />);
    await userEvent.click(await screen.findByRole('button', { name: /Add new URLs/ }));
    expect(await screen.findByRole('dialog', { name: 'Add new URLs' })).toBeTruthy();
    await submit('https://example.com/a');
    expect(await screen.findByText("We've started to analyze your webpage")).toBeTruthy();
    // jsdom never ends the modal's closing animation: the class says it is leaving.
    expect(screen.getByRole('dialog', { name: 'Add new URLs' }).className).toContain('leave');
  });
});
