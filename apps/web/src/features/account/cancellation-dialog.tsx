import { ACCOUNT_MESSAGES, CANCELLATION_REASONS, OTHER_REASON } from '@sitelens/contracts';
import { Form, Input, Modal, Radio, Space } from 'antd';
import { useMemo, useState } from 'react';

export interface CancellationReason {
  reason: string;
  comment: string;
}

/** Fisher–Yates, so no reason is favoured by its place in the list. */
function shuffled<T>(items: readonly T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

/** The reasons dialog (756 px): Confirm only with a reason and a comment that is not blank. */
export function CancellationDialog(props: {
  open: boolean;
  title: string;
  confirmText: string;
  busy: boolean;
  onConfirm(reason: CancellationReason): void;
  onCancel(): void;
}) {
  const reasons = useMemo(() => [...shuffled(CANCELLATION_REASONS), OTHER_REASON], []);
  const [reason, setReason] = useState<string | null>(null);
  const [comment, setComment] = useState('');
  const [touched, setTouched] = useState(false);
  const ready = reason !== null && comment.trim() !== '';

  return (
    <Modal
      open={props.open}
      title={props.title}
      width={756}
      okText={props.confirmText}
      okButtonProps={{ danger: true, disabled: !ready, loading: props.busy }}
      onOk={() => ready && props.onConfirm({ reason: reason!, comment: comment.trim() })}
      onCancel={props.onCancel}
      destroyOnHidden
    >
      <p>Tell us why you are leaving; it helps us improve Sitelens.</p>
      <Radio.Group value={reason} onChange={(e) => setReason(e.target.value)} aria-label="Reason">
        <Space orientation="vertical">
          {reasons.map((r) => (
            <Radio key={r} value={r}>
              {r}
            </Radio>
          ))}
        </Space>
      </Radio.Group>
      <Form.Item
        className="cancellation-comment"
        validateStatus={touched && comment.trim() === '' ? 'error' : undefined}
        help={touched && comment.trim() === '' ? ACCOUNT_MESSAGES.cancellationComment : undefined}
      >
        <Input.TextArea
          rows={4}
          placeholder="What could we have done better?"
          aria-label="Comment"
          value={comment}
          onChange={(e) => setComment(e.target.value)}
          onBlur={() => setTouched(true)}
        />
      </Form.Item>
    </Modal>
  );
}
