import { TOAST } from '@sitelens/contracts';
import { App } from 'antd';
import { useMemo } from 'react';

/**
 * Toasts with a second line (the spec pairs 'We've started to analyze your webpage' with 'Please
 * check for the results later'), placed and timed as `useToast`'s.
 */
export function useNotice() {
  const { notification } = App.useApp();
  return useMemo(() => {
    const show = (type: 'success' | 'error') => (title: string, description: string) =>
      notification[type]({
        title,
        description,
        placement: TOAST.placement,
        duration: TOAST.durationSeconds,
      });
    return { success: show('success'), error: show('error') };
  }, [notification]);
}
