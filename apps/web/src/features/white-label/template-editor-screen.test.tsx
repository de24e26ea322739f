import { WHITE_LABEL_LIMITS, WHITE_LABEL_MESSAGES } from '@sitelens/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '../checkup/checkup-test-kit';
import { type ApiCall, callsTo } from '../webmaster-tools/test-fixtures';
import {
  OTHER_TEMPLATE,
  PNG_DATA_URL,
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

/** The template list, and the save answering `save` (the saved template by default). */
function serveEditor(save: (call: ApiCall) => Response = () => json(template(), 201)) {
  serveTemplates(templateList(), (call) =>
    call.path.startsWith('/api/white-label/template') && (call.method === 'POST' || call.method === 'PATCH')
      ? save(call)
      : undefined,
  );
}

const saves = () => [
  ...callsTo('/api/white-label/template', 'POST'),
  ...callsTo(`/api/white-label/template/${TEMPLATE}`, 'PATCH'),
];
const field = (label: string) => screen.getByLabelText(label);
const fieldItem = (label: string) => field(label).closest('.ant-form-item') as HTMLElement;
const logoItem = () =>
  screen.getByText('Logo', { selector: 'label' }).closest('.ant-form-item') as HTMLElement;
const saveButton = () => screen.getByText('Save template');
const fileInput = () => document.querySelector('input[type="file"]') as HTMLInputElement;
const pngBytes = () => Uint8Array.from(atob(PNG_DATA_URL.split(',')[1]!), (c) => c.charCodeAt(0));

describe('the template editor', () => {
  it.each(['default', OTHER_TEMPLATE])('sends /white-label/templates/%s back to the list', async (id) => {
    serveEditor();
    const router = renderWhiteLabel(`/white-label/templates/${id}`);
    expect(await screen.findByText('Saved Templates')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/white-label/templates');
    // Replaced, not pushed: Back does not return to the refused editor.
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('requires a name, and says so without sending anything', async () => {
    const user = userEvent.setup();
    serveEditor();
    renderWhiteLabel('/white-label/templates/new');
    expect(await screen.findByText('PDF Brand Template')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Back to templates/ })).toHaveAttribute(
      'href',
      '/white-label/templates',
    );
    await user.type(field('Template name'), '   ');
    await user.click(saveButton());
    expect(
      await within(fieldItem('Template name')).findByText(WHITE_LABEL_MESSAGES.required),
    ).toBeInTheDocument();
    expect(saves()).toHaveLength(0);
  });

  it('limits header and footer to 144 characters, with a count', async () => {
    serveEditor();
    renderWhiteLabel('/white-label/templates/new');
    for (const label of ['Header', 'Footer']) {
      const input = await screen.findByLabelText(label);
      expect(input).toHaveAttribute('maxlength', String(WHITE_LABEL_LIMITS.textMax));
      expect(within(fieldItem(label)).getByText(`0 / ${WHITE_LABEL_LIMITS.textMax}`)).toBeInTheDocument();
    }
  });

  it('refuses a logo of another type, or of 1 MiB and a byte, before sending it', async () => {
    const user = userEvent.setup({ applyAccept: false });
    serveEditor();
    renderWhiteLabel('/white-label/templates/new');
    await screen.findByText('PDF Brand Template');
    expect(fileInput()).toHaveAttribute('accept', '.png,.gif,.jpg,.jpeg');

    await user.upload(fileInput(), new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' }));
    expect(await within(logoItem()).findByText(WHITE_LABEL_MESSAGES.fileType)).toBeInTheDocument();

    const big = new File([new Uint8Array(WHITE_LABEL_LIMITS.logoBytes + 1)], 'logo.png', {
      type: 'image/png',
    });
    await user.upload(fileInput(), big);
    expect(await within(logoItem()).findByText(WHITE_LABEL_MESSAGES.logoTooLarge)).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Template logo' })).toBeNull();

    // Exactly 1 MiB is allowed.
    const limit = new File([new Uint8Array(WHITE_LABEL_LIMITS.logoBytes)], 'logo.PNG', { type: 'image/png' });
    await user.upload(fileInput(), limit);
    expect(await within(logoItem()).findByRole('img', { name: 'Template logo' })).toBeInTheDocument();
    await waitFor(() => expect(within(logoItem()).queryByText(WHITE_LABEL_MESSAGES.logoTooLarge)).toBeNull());
    expect(saves()).toHaveLength(0);
  });

  it('creates a template with its logo, says so and returns to the list', async () => {
    const user = userEvent.setup();
    serveEditor();
    const router = renderWhiteLabel('/white-label/templates/new');
    await user.click(await screen.findByLabelText('Template name'));
    await user.paste(' Agency brand ');
    await user.click(field('Header'));
    await user.paste('Prepared by Acme SEO');
    await user.click(field('Footer'));
    await user.paste('Acme SEO · acme.test');
    await user.upload(fileInput(), new File([pngBytes()], 'brand.png', { type: 'image/png' }));
    expect(await within(logoItem()).findByRole('img', { name: 'Template logo' })).toHaveAttribute(
      'src',
      PNG_DATA_URL,
    );
    await user.click(saveButton());

    expect(await screen.findByText(WHITE_LABEL_MESSAGES.saved)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/white-label/templates'));
    expect(callsTo('/api/white-label/template', 'POST')[0]?.body).toEqual({
      name: 'Agency brand',
      content_blocks: { header: 'Prepared by Acme SEO', footer: 'Acme SEO · acme.test' },
      base64_logo: PNG_DATA_URL,
      logo_name: 'brand.png',
      engine_version: '1.0.0',
      theme: 'default',
    });
    expect(await screen.findByText('Agency brand')).toBeInTheDocument();
  });

  it('saves changes without the logo when the logo did not change', async () => {
    const user = userEvent.setup();
    serveEditor((call) => json(template({ name: (call.body as { name: string }).name })));
    const router = renderWhiteLabel(`/white-label/templates/${TEMPLATE}`);
    const name = await screen.findByLabelText('Template name');
    expect(name).toHaveValue('Agency brand');
    expect(field('Header')).toHaveValue('Prepared by Acme SEO');
    expect(within(logoItem()).getByRole('img', { name: 'Template logo' })).toHaveAttribute(
      'src',
      PNG_DATA_URL,
    );
    await user.clear(name);
    await user.type(name, 'Renamed brand');
    await user.click(saveButton());

    await waitFor(() => expect(router.state.location.pathname).toBe('/white-label/templates'));
    const [patch] = callsTo(`/api/white-label/template/${TEMPLATE}`, 'PATCH');
    expect(patch?.body).toEqual({
      guid: TEMPLATE,
      name: 'Renamed brand',
      content_blocks: { header: 'Prepared by Acme SEO', footer: 'Acme SEO · acme.test' },
      engine_version: '1.0.0',
      theme: 'default',
    });
    expect(patch?.body).not.toHaveProperty('base64_logo');
  });

  it('sends a null logo when it was removed', async () => {
    const user = userEvent.setup();
    serveEditor(() => json(template({ base64_logo: null, logo: null })));
    renderWhiteLabel(`/white-label/templates/${TEMPLATE}`);
    await user.click(await screen.findByText('Remove logo'));
    expect(within(logoItem()).queryByRole('img', { name: 'Template logo' })).toBeNull();
    await user.click(saveButton());
    await waitFor(() => expect(callsTo(`/api/white-label/template/${TEMPLATE}`, 'PATCH')).toHaveLength(1));
    expect(callsTo(`/api/white-label/template/${TEMPLATE}`, 'PATCH')[0]?.body).toMatchObject({
      base64_logo: null,
    });
  });

  it("shows the server's refusal of a field on that field and stays", async () => {
    const user = userEvent.setup();
    serveEditor(() =>
      json(
        {
          error: 'content_blocks.footer: At most 144 characters',
          code: 'bad_request',
          fields: [{ field: 'content_blocks.footer', message: 'At most 144 characters' }],
        },
        400,
      ),
    );
    const router = renderWhiteLabel(`/white-label/templates/${TEMPLATE}`);
    await user.click(await screen.findByText('Save template'));
    expect(await within(fieldItem('Footer')).findByText('At most 144 characters')).toBeInTheDocument();
    expect(screen.queryByText(WHITE_LABEL_MESSAGES.saveFailed)).toBeNull();
    expect(router.state.location.pathname).toBe(`/white-label/templates/${TEMPLATE}`);
  });

  it("says 'Something went wrong' when the save fails otherwise", async () => {
    const user = userEvent.setup();
    serveEditor(() => json({ error: 'Something went wrong on our side. Please try again.' }, 500));
    const router = renderWhiteLabel(`/white-label/templates/${TEMPLATE}`);
    await user.click(await screen.findByText('Save template'));
    expect(await screen.findByText(WHITE_LABEL_MESSAGES.saveFailed)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/white-label/templates/${TEMPLATE}`);
  });

  it('previews the header as text while it is typed', async () => {
    serveEditor();
    renderWhiteLabel('/white-label/templates/new');
    fireEvent.change(await screen.findByLabelText('Header'), {
      target: { value: '<b>x</b>' },
    });
    const preview = await screen.findByRole('region', { name: 'Template preview' });
    expect(await within(preview).findByText('<b>x</b>')).toBeInTheDocument();
    expect(preview.querySelector('b')).toBeNull();
  });
});
