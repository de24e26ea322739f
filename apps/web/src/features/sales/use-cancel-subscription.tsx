import { activeSubscription, SALES_MESSAGES, type Subscription, TOAST } from '@sitelens/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useState } from 'react';
import { request } from '../../api/client';
import { useSession } from '../../session/session-context';
import { CancellationDialog, type CancellationReason } from '../account/cancellation-dialog';
import { salesKey, subscriptionQuery } from './sales.queries';

/** The cancel-subscription flow: the reasons dialog, then DELETE /subscription with reason, comment and plan_code. */
export function useCancelSubscription() {
  const [isOpen, setOpen] = useState(false);
  const { notification } = App.useApp();
  const queryClient = useQueryClient();
  const { refreshClaims } = useSession();
  const subscription = useQuery(subscriptionQuery);
  const planCode = activeSubscription(subscription.data)?.plan_code ?? '';
  const cancel = useMutation({
    mutationFn: (reason: CancellationReason) =>
      request<Subscription>('/subscription', { method: 'DELETE', body: { ...reason, plan_code: planCode } }),
    onSuccess: async () => {
      setOpen(false);
      await queryClient.invalidateQueries({ queryKey: salesKey });
      await refreshClaims();
    },
    onError: () =>
      notification.error({
        title: 'Error',
        description: SALES_MESSAGES.cancelSubscriptionFailed,
        placement: TOAST.placement,
        duration: TOAST.durationSeconds,
      }),
  });
  return {
    open: () => setOpen(true),
    dialog: (
      <CancellationDialog
        open={isOpen}
        title="Cancel your subscription"
        confirmText="Cancel subscription"
        busy={cancel.isPending}
        onConfirm={(reason) => cancel.mutate(reason)}
        onCancel={() => setOpen(false)}
      />
    ),
  };
}
