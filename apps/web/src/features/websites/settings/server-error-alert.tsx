import { Alert } from 'antd';
import { useEffect, useState } from 'react';
import { errorText } from '../../../api/client';

/** An error Alert with the server's own text for a failed call (read from the answer's body). */
export function ServerErrorAlert({ error }: { error: unknown }) {
  const [text, setText] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    errorText(error).then((value) => current && setText(value));
    return () => {
      current = false;
    };
  }, [error]);
  return <Alert type="error" showIcon title={text ?? ''} />;
}
