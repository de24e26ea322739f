import { Modal, type ModalProps } from 'antd';
import { type ReactNode, useCallback, useState } from 'react';

/**
 * What a modal is about (a keyword, a domain), kept apart from whether it is open: closing hides the
 * modal while its title still names the subject through the closing animation.
 */
export function useModalSubject<T>() {
  const [subject, setSubject] = useState<T | null>(null);
  const [open, setOpen] = useState(false);
  const show = useCallback((next: T | null) => {
    setSubject(next);
    setOpen(true);
  }, []);
  const close = useCallback(() => setOpen(false), []);
  return { subject, open: open && subject !== null, show, close };
}

/**
 * A modal about one subject, without a footer: its title names the subject, and its content, built
 * only while there is one, is destroyed when it is hidden (read again when it opens again).
 */
export function SubjectModal<T>({
  subject,
  open,
  title,
  width,
  styles,
  onClose,
  children,
}: {
  subject: T | null;
  open: boolean;
  title(subject: T): string;
  width: number;
  styles?: ModalProps['styles'];
  onClose(): void;
  children(subject: T): ReactNode;
}) {
  return (
    <Modal
      open={open && subject !== null}
      title={subject === null ? undefined : title(subject)}
      width={width}
      styles={styles}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
    >
      {subject !== null && children(subject)}
    </Modal>
  );
}
