import { WEBSITE_MESSAGES } from '@sitelens/contracts';
import { Alert } from 'antd';
import type { ReactNode } from 'react';
import { useEffect, useState } from 'react';
import { errorText } from '../../api/client';

/**
 * An error Alert with the server's own text for a failed call (read from the answer's body; the
 * spec's 'Something went wrong!' until it is read), and an optional action such as a retry.
 */
export function ServerErrorAlert({ error, action }: { error: unknown; action?: ReactNode }) {
  const text = useErrorText(error);
  return <Alert type="error" showIcon title={text ?? WEBSITE_MESSAGES.somethingWrong} action={action} />;
}

/** The server's text for a failed call, once its answer's body is read; null until then. */
export function useErrorText(error: unknown): string | null {
  const [text, setText] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    errorText(error).then((value) => current && setText(value));
    return () => {
      current = false;
    };
  }, [error]);
  return text;
}
