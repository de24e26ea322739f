import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App as AntApp } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appConfigQuery } from '../../api/app-config.queries';
import { PaymentForm, type PaymentOutcome } from './payment-form';
import type { RecurlyInstance, RecurlyToken, RecurlyTokenError } from './recurly-js';

/**
 * Recurly.js as its documentation describes it: `configure`, `Elements().CardElement().attach`,
 * `token(elements, form, callback)`, `Risk().ThreeDSecure({ actionTokenId })` emitting `token`.
 */
function fakeRecurly(tokenAnswer: { error: RecurlyTokenError | null; token?: RecurlyToken }) {
  const calls = {
    configured: '',
    attached: 0,
    tokenForm: null as HTMLFormElement | null,
    actionTokenId: '',
    /** The bank approves: Recurly.js emits the result token. */
    approve: (): void => undefined,
  };
  const instance: RecurlyInstance = {
    configure: ({ publicKey }) => {
      calls.configured = publicKey;
    },
    Elements: () => ({
      CardElement: () => ({
        attach: (target) => {
          calls.attached += 1;
          (target as HTMLElement).append(document.createElement('iframe'));
        },
      }),
    }),
    token: (_elements, form, done) => {
      calls.tokenForm = form;
      done(tokenAnswer.error, tokenAnswer.token ?? { id: '' });
    },
    PayPal: () => ({ on: () => undefined, start: () => undefined }),
    Risk: () => ({
      ThreeDSecure: ({ actionTokenId }) => {
        calls.actionTokenId = actionTokenId;
        const handlers: Record<string, (value: never) => void> = {};
        return {
          on: (event: string, handler: (value: never) => void) => {
            handlers[event] = handler;
          },
          attach: () => {
            calls.approve = () => handlers.token?.({ id: 'result-token' } as never);
          },
        } as never;
      },
    }),
  };
  return { instance, calls };
}

function renderForm(onToken: (token: string, method: string, result?: string) => Promise<PaymentOutcome>) {
  const client = new QueryClient();
  client.setQueryData(appConfigQuery.queryKey, {
    version: '0.1.0',
    contact_email: null,
    human_check: { kind: 'off', site_key: null },
    billing_provider: 'recurly',
    recurly_public_key: 'ewr1-public',
  });
  return render(
    <AntApp>
      <QueryClientProvider client={client}>
        <PaymentForm submitLabel="Place order" onToken={onToken} failureText="Cannot create subscription." />
      </QueryClientProvider>
    </AntApp>,
  );
}

async function fillAndSubmit() {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('First name'), 'Ada');
  await user.type(screen.getByLabelText('Last name'), 'Lovelace');
  await user.type(screen.getByLabelText('ZIP code'), '10001');
  await user.click(screen.getByText('I agree with the terms of service'));
  await user.click(screen.getByRole('button', { name: 'Place order' }));
}

describe('the payment form with Recurly', () => {
  afterEach(() => {
    delete window.recurly;
  });

  describe('a card that needs 3-D Secure', () => {
    let fake: ReturnType<typeof fakeRecurly>;
    beforeEach(() => {
      fake = fakeRecurly({ error: null, token: { id: 'recurly-token' } });
      window.recurly = fake.instance;
    });

    it("tokenizes through Recurly.js's card element, then completes the bank's challenge", async () => {
      const onToken = vi
        .fn<(token: string, method: string, result?: string) => Promise<PaymentOutcome>>()
        .mockResolvedValueOnce({ threeDSecure: { tokenId: 'recurly-token', actionTokenId: 'action-1' } })
        .mockResolvedValueOnce({ done: true });
      renderForm(onToken);
      await waitFor(() => expect(fake.calls.attached).toBe(1));
      expect(fake.calls.configured).toBe('ewr1-public');
      // No card number of ours: the card lives in Recurly's field.
      expect(screen.queryByLabelText('Card number')).toBeNull();

      await fillAndSubmit();
      await waitFor(() => expect(onToken).toHaveBeenCalledWith('recurly-token', 'credit_card', undefined));
      expect(fake.calls.tokenForm?.querySelector('[data-recurly="first_name"]')).not.toBeNull();
      await screen.findByText('Your bank requires authentication using 3D Secure');
      expect(fake.calls.actionTokenId).toBe('action-1');
      fake.calls.approve();
      await waitFor(() =>
        expect(onToken).toHaveBeenLastCalledWith('recurly-token', 'credit_card', 'result-token'),
      );
    });
  });

  it("names the fields Recurly refused, in the spec's words", async () => {
    const fake = fakeRecurly({
      error: { name: 'validation', message: 'invalid', fields: ['number', 'cvv'] },
    });
    window.recurly = fake.instance;
    const onToken = vi.fn();
    renderForm(onToken);
    await waitFor(() => expect(fake.calls.attached).toBe(1));
    await fillAndSubmit();
    await screen.findByText('Credit card validation failed! Invalid card number, Invalid CVV');
    expect(onToken).not.toHaveBeenCalled();
  });
});
