import { Button, Form } from 'antd';
import type { ReactNode } from 'react';

/**
 * A form's primary submit button in a Form.Item of its own: it lines up with the fields beside it.
 * `busy` while a request it sent runs: the button spins and takes no second click (the forms that
 * use it today only open a modal, which fetches on its own).
 */
export function SubmitItem({
  className,
  busy = false,
  children,
}: {
  className: string;
  busy?: boolean;
  children: ReactNode;
}) {
  return (
    <Form.Item className={className}>
      <Button type="primary" htmlType="submit" loading={busy}>
        {children}
      </Button>
    </Form.Item>
  );
}
