import { WHITE_LABEL_DELIVERY_MESSAGES } from '@sitelens/contracts';
import { useQuery } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderRoutes } from '../../checkup/checkup-test-kit';
import { callsTo } from '../../webmaster-tools/test-fixtures';
import { sharesQuery } from './delivery.queries';
import { SHARE_BUTTON_MESSAGES, ShareButton, type ShareButtonProps } from './share-button';
import { REPORT, serveDelivery, share, TEMPLATE } from './test-fixtures';

const LINK = 'https://app.example.test/shared/report/tok_abc123';
/** The button's name, after its icon's. */
const OPEN = new RegExp(`${SHARE_BUTTON_MESSAGES.open}$`);

/** The button beside the list it refreshes, as a screen would mount them. */
function Harness(props: ShareButtonProps) {
  const shares = useQuery(sharesQuery);
  return (
    <>
      <ShareButton {...props} />
      <p>{shares.data ? `${shares.data.shares.length} links` : 'reading links'}</p>
    </>
  );
}

const render = (props: Partial<ShareButtonProps> = {}) =>
  renderRoutes(
    [
      {
        path: '/',
        element: (
          <Harness
            reportUrl="https://client.test/pricing"
            reportGuid={REPORT}
            templateGuid={TEMPLATE}
            {...props}
          />
        ),
      },
    ],
    '/',
  );

afterEach(() => vi.unstubAllGlobals());

describe('the share button', () => {
  it('cannot be used without a report', () => {
    serveDelivery({});
    render({ reportUrl: undefined });
    expect(screen.getByRole('button', { name: OPEN })).toBeDisabled();
  });

  it('makes a link for the days chosen, shows it once to copy, and refreshes the list', async () => {
    const lists = { shares: [] as ReturnType<typeof share>[] };
    serveDelivery(lists, (call) => {
      if (call.method !== 'POST' || call.path !== '/api/white-label/shares') return undefined;
      lists.shares = [share()];
      return json({ ...share(), link: LINK }, 201);
    });
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    render();
    expect(await screen.findByText('0 links')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: OPEN }));
    const dialog = await screen.findByRole('dialog');
    const days = within(dialog).getByLabelText(SHARE_BUTTON_MESSAGES.expiresIn);
    expect(days).toHaveValue('30');
    await userEvent.clear(days);
    await userEvent.type(days, '7');
    await userEvent.click(within(dialog).getByRole('button', { name: SHARE_BUTTON_MESSAGES.create }));

    await waitFor(() =>
      expect(callsTo('/api/white-label/shares', 'POST').map((c) => c.body)).toEqual([
        {
          report_url: 'https://client.test/pricing',
          report_guid: REPORT,
          template_guid: TEMPLATE,
          expires_in_days: 7,
        },
      ]),
    );
    expect(await within(dialog).findByRole('textbox', { name: 'Link' })).toHaveValue(LINK);
    expect(within(dialog).getByText(SHARE_BUTTON_MESSAGES.once)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: SHARE_BUTTON_MESSAGES.copy }));
    expect(writeText).toHaveBeenCalledWith(LINK);
    expect(await screen.findByText('1 links')).toBeInTheDocument();

    // Closed, the link is gone for good: opening again offers a new one.
    await userEvent.click(within(dialog).getByRole('button', { name: SHARE_BUTTON_MESSAGES.done }));
    await userEvent.click(screen.getByRole('button', { name: OPEN }));
    const again = await screen.findByRole('dialog');
    expect(within(again).queryByRole('textbox', { name: 'Link' })).toBeNull();
    expect(within(again).getByRole('button', { name: SHARE_BUTTON_MESSAGES.create })).toBeInTheDocument();
    expect(screen.queryByDisplayValue(LINK)).toBeNull();
  });

  it('asks for a number of days, and shows why the server refused', async () => {
    serveDelivery({}, (call) =>
      call.method === 'POST'
        ? json({ error: 'No saved report was found for this URL', code: 'not_found' }, 404)
        : undefined,
    );
    render();
    await userEvent.click(screen.getByRole('button', { name: OPEN }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.clear(within(dialog).getByLabelText(SHARE_BUTTON_MESSAGES.expiresIn));
    await userEvent.click(within(dialog).getByRole('button', { name: SHARE_BUTTON_MESSAGES.create }));
    expect(await within(dialog).findByText(WHITE_LABEL_DELIVERY_MESSAGES.shareDays)).toBeInTheDocument();
    expect(callsTo('/api/white-label/shares', 'POST')).toEqual([]);

    await userEvent.type(within(dialog).getByLabelText(SHARE_BUTTON_MESSAGES.expiresIn), '14');
    await userEvent.click(within(dialog).getByRole('button', { name: SHARE_BUTTON_MESSAGES.create }));
    expect(await within(dialog).findByText('No saved report was found for this URL')).toBeInTheDocument();
  });
});
