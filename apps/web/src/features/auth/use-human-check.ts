import { useCallback, useState } from 'react';

/** The state a form keeps for its human check: the proof, and a key that resets the widget after a failure. */
export function useHumanCheck() {
  const [token, setToken] = useState<string | null>(null);
  const [resetKey, setResetKey] = useState(0);
  const onChange = useCallback((next: string | null) => setToken(next), []);
  const reset = useCallback(() => setResetKey((key) => key + 1), []);
  return { token, passed: token !== null, onChange, resetKey, reset };
}
