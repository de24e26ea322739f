import { useCallback, useState } from 'react';

/**
 * What a modal is about (a keyword), kept apart from whether it is open: closing hides the modal
 * while its title still names the keyword through the closing animation.
 */
export function useModalSubject<T>() {
  const [subject, setSubject] = useState<T | null>(null);
  const [open, setOpen] = useState(false);
  const show = useCallback((next: T) => {
    setSubject(next);
    setOpen(true);
  }, []);
  const close = useCallback(() => setOpen(false), []);
  return { subject, open: open && subject !== null, show, close };
}
