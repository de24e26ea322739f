import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderRoutes } from '../../checkup/checkup-test-kit';
import { callsTo } from '../../webmaster-tools/test-fixtures';
import { SCHEDULE_MESSAGES, SchedulesCard } from './schedules-card';
import { SCHEDULE, schedule, serveDelivery, TEMPLATE, WEBSITE } from './test-fixtures';

const render = () => renderRoutes([{ path: '/', element: <SchedulesCard /> }], '/');

/** Picks `option` in the select labelled `label`. */
async function choose(label: string, option: string) {
  await userEvent.click(screen.getByRole('combobox', { name: label }));
  await userEvent.click(await screen.findByTitle(option));
}

async function fillForm() {
  await choose('Website', 'client.test');
  await choose('Template', 'Agency brand');
  await userEvent.type(screen.getByLabelText('Recipient e-mail'), ' Boss@Client.test ');
  // The radio's own input is hidden under its button: a user clicks the label.
  await userEvent.click(screen.getByText('Monthly'));
  await userEvent.click(screen.getByRole('button', { name: SCHEDULE_MESSAGES.add }));
}

afterEach(() => vi.unstubAllGlobals());

describe('the scheduled reports card', () => {
  it('adds a schedule of a tracked website with the template, address and frequency chosen', async () => {
    serveDelivery({}, (call) =>
      call.method === 'POST' && call.path === '/api/white-label/schedules'
        ? json(schedule({ frequency: 'monthly' }), 201)
        : undefined,
    );
    render();
    expect(await screen.findByText(SCHEDULE_MESSAGES.empty)).toBeInTheDocument();
    await fillForm();
    await waitFor(() =>
      expect(callsTo('/api/white-label/schedules', 'POST').map((c) => c.body)).toEqual([
        {
          website_guid: WEBSITE,
          template_guid: TEMPLATE,
          recipient: 'boss@client.test',
          frequency: 'monthly',
        },
      ]),
    );
    expect(await screen.findByText(SCHEDULE_MESSAGES.added)).toBeInTheDocument();
  });

  it('asks for a website before sending anything', async () => {
    serveDelivery({});
    render();
    await screen.findByText(SCHEDULE_MESSAGES.empty);
    await userEvent.type(screen.getByLabelText('Recipient e-mail'), 'boss@client.test');
    await userEvent.click(screen.getByRole('button', { name: SCHEDULE_MESSAGES.add }));
    expect(await screen.findByText('Choose one of your tracked websites')).toBeInTheDocument();
    expect(callsTo('/api/white-label/schedules', 'POST')).toEqual([]);
  });

  it("shows the server's refusal of a field on that field", async () => {
    serveDelivery({}, (call) =>
      call.method === 'POST'
        ? json(
            {
              error: 'Invalid request',
              code: 'validation',
              fields: [{ field: 'recipient', message: 'recipient: This address does not accept mail' }],
            },
            400,
          )
        : undefined,
    );
    render();
    await screen.findByText(SCHEDULE_MESSAGES.empty);
    await fillForm();
    const problem = await screen.findByText('This address does not accept mail');
    expect(problem.closest('.ant-form-item')).toContainElement(screen.getByLabelText('Recipient e-mail'));
  });

  it('lists each schedule with its last send, turns one off and deletes one', async () => {
    const lastSend = {
      period: '2026-W47',
      status: 'failed',
      error: 'The mail server refused the address',
      sent_at: null,
    } as const;
    const lists = { schedules: [schedule({ last_send: lastSend })] };
    serveDelivery(lists, (call) => {
      if (call.path !== `/api/white-label/schedules/${SCHEDULE}`) return undefined;
      if (call.method === 'PATCH') {
        lists.schedules = [schedule({ last_send: lastSend, enabled: false })];
        return json(lists.schedules[0]);
      }
      if (call.method === 'DELETE') {
        lists.schedules = [];
        return new Response(null, { status: 204 });
      }
      return undefined;
    });
    render();
    const list = await screen.findByRole('list', { name: SCHEDULE_MESSAGES.title });
    expect(within(list).getByText('client.test')).toBeInTheDocument();
    expect(within(list).getByText('boss@client.test')).toBeInTheDocument();
    expect(within(list).getByText(/Agency brand/)).toBeInTheDocument();
    expect(within(list).getByText('Weekly')).toBeInTheDocument();
    expect(within(list).getByText(/2026-W47/)).toBeInTheDocument();
    expect(within(list).getByText('Failed')).toBeInTheDocument();
    expect(within(list).getByText('The mail server refused the address')).toBeInTheDocument();

    await userEvent.click(within(list).getByRole('switch', { name: 'Send client.test to boss@client.test' }));
    await waitFor(() =>
      expect(callsTo(`/api/white-label/schedules/${SCHEDULE}`, 'PATCH').map((c) => c.body)).toEqual([
        { enabled: false },
      ]),
    );
    expect(await within(list).findByText('Off')).toBeInTheDocument();

    await userEvent.click(within(list).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('tooltip');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(callsTo(`/api/white-label/schedules/${SCHEDULE}`, 'DELETE')).toHaveLength(1));
    expect(await screen.findByText(SCHEDULE_MESSAGES.removed)).toBeInTheDocument();
    expect(await screen.findByText(SCHEDULE_MESSAGES.empty)).toBeInTheDocument();
  });
});
