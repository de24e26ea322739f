import { TOAST } from '@sitelens/contracts';
import { App } from 'antd';
import { useMemo } from 'react';

/**
 * Toasts as the spec wants them: bottom left, 5 seconds, with an optional second line (the spec
 * pairs 'We've started to analyze your webpage' with 'Please check for the results later'). Stable
 * across renders.
 */
export function useToast() {
  const { notification } = App.useApp();
  return useMemo(() => {
    const show = (type: 'success' | 'error' | 'info' | 'warning') => (text: string, description?: string) =>
      notification[type]({
        title: text,
        description,
        placement: TOAST.placement,
        duration: TOAST.durationSeconds,
      });
    return { success: show('success'), error: show('error'), info: show('info'), warning: show('warning') };
  }, [notification]);
}
