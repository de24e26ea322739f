import { SALES_MESSAGES, type Subscription } from '@sitelens/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { request } from '../../api/client';
import { useToast } from '../../components/use-toast';
import { useSession } from '../../session/session-context';
import type { PaymentMethod, PaymentOutcome } from './payment-form';
import { salesKey } from './sales.queries';

type CreateReply = Subscription | { three_d_secure: true; token_id: string; action_token_id: string };

/**
 * Creates the subscription from a payment token. After success: the team 'Default' exists (the
 * server makes it with the subscription; it is created here only if the claims still lack it),
 * the session is refreshed so the guard sees the plan, and the user goes on to `redirectTo`.
 */
export function useSubscribe(planCode: string | undefined, redirectTo: string) {
  const { session, refreshClaims } = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const toast = useToast();

  return async (
    token: string,
    method: PaymentMethod,
    threeDSecureResult?: string,
  ): Promise<PaymentOutcome> => {
    if (!planCode || !session) throw new Error(SALES_MESSAGES.createSubscriptionFailed);
    const reply = await request<CreateReply>('/subscription', {
      method: 'POST',
      body: {
        token,
        user_email: session.email,
        payment_method: method,
        plan_code: planCode,
        ...(threeDSecureResult ? { three_d_secure_action_result_token_id: threeDSecureResult } : {}),
      },
    });
    if ('three_d_secure' in reply)
      return { threeDSecure: { tokenId: reply.token_id, actionTokenId: reply.action_token_id } };
    const fresh = await refreshClaims();
    if (!fresh?.o_guid) {
      try {
        await request('/organization', { method: 'POST', body: { name: 'Default' } });
        await refreshClaims();
      } catch {
        toast.error(SALES_MESSAGES.createOrganizationFailed);
      }
    }
    await queryClient.invalidateQueries({ queryKey: salesKey });
    navigate(redirectTo, { replace: true });
    return { done: true };
  };
}
