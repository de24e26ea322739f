import { Button, Form } from 'antd';
import type { ReactNode } from 'react';

/** A form's primary submit button in a Form.Item of its own: it lines up with the fields beside it. */
export function SubmitItem({ className, children }: { className: string; children: ReactNode }) {
  return (
    <Form.Item className={className}>
      <Button type="primary" htmlType="submit">
        {children}
      </Button>
    </Form.Item>
  );
}
