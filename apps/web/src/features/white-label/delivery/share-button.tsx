import { ShareAltOutlined } from '@ant-design/icons';
import {
  type ShareCreated,
  ShareInputSchema,
  WHITE_LABEL_DELIVERY_LIMITS,
  WHITE_LABEL_DELIVERY_MESSAGES,
} from '@sitelens/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Input, InputNumber, type InputRef, Modal, Space, Typography } from 'antd';
import { useId, useRef, useState } from 'react';
import { fieldProblem } from '../../../api/client';
import { useErrorText } from '../../websites/server-error-alert';
import { createShare, sharesChanged } from './delivery.queries';
import './delivery.css';

export const SHARE_BUTTON_MESSAGES = {
  open: 'Share link',
  title: 'Share a read-only link to this report',
  expiresIn: 'Expires in',
  days: 'days',
  create: 'Create link',
  link: 'Link',
  once: 'Copy this link now: it is shown only once.',
  copy: 'Copy',
  copied: 'Copied',
  done: 'Done',
};

export interface ShareButtonProps {
  reportUrl?: string;
  reportGuid?: string;
  templateGuid: string;
  disabled?: boolean;
}

/**
 * 'Share link': makes a read-only link to a saved report (`reportGuid`, else the latest of
 * `reportUrl`) branded with the template, valid for 1 to 90 days. The server keeps only the
 * link's hash, so the link is shown here once, to copy.
 */
export function ShareButton({ reportUrl, reportGuid, templateGuid, disabled }: ShareButtonProps) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [days, setDays] = useState<number | null>(WHITE_LABEL_DELIVERY_LIMITS.shareDaysDefault);
  const [invalid, setInvalid] = useState<string | null>(null);
  // What the button's caller got wrong (no report, an unknown template), not the days.
  const [unusable, setUnusable] = useState<string | null>(null);
  const daysId = useId();
  const create = useMutation({
    mutationFn: createShare,
    onSuccess: () => sharesChanged(queryClient),
  });
  const created = create.data ?? null;
  const refused = create.isError ? fieldProblem(create.error, 'expires_in_days') : null;

  const submit = () => {
    // An empty field is not "the default": the user cleared it.
    if (days === null) {
      setInvalid(WHITE_LABEL_DELIVERY_MESSAGES.shareDays);
      return;
    }
    const parsed = ShareInputSchema.safeParse({
      report_url: reportUrl ?? '',
      report_guid: reportGuid,
      template_guid: templateGuid,
      expires_in_days: days,
    });
    if (!parsed.success) {
      const [issue] = parsed.error.issues;
      if (issue?.path[0] === 'expires_in_days') setInvalid(issue.message);
      else setUnusable(issue?.message ?? null);
      return;
    }
    setInvalid(null);
    setUnusable(null);
    create.mutate(parsed.data);
  };
  const close = () => {
    setOpen(false);
    // The link is not kept: once the dialog closes, it cannot be shown again.
    create.reset();
    setInvalid(null);
    setUnusable(null);
    setDays(WHITE_LABEL_DELIVERY_LIMITS.shareDaysDefault);
  };

  return (
    <>
      <Button icon={<ShareAltOutlined />} disabled={disabled || !reportUrl} onClick={() => setOpen(true)}>
        {SHARE_BUTTON_MESSAGES.open}
      </Button>
      <Modal
        open={open}
        title={SHARE_BUTTON_MESSAGES.title}
        onCancel={close}
        // A stray click beside the dialog must not lose a link that cannot be shown again.
        mask={{ closable: !created }}
        destroyOnHidden
        footer={
          created ? (
            <Button type="primary" onClick={close}>
              {SHARE_BUTTON_MESSAGES.done}
            </Button>
          ) : (
            <Button type="primary" loading={create.isPending} onClick={submit}>
              {SHARE_BUTTON_MESSAGES.create}
            </Button>
          )
        }
      >
        {created ? (
          <CreatedLink share={created} />
        ) : (
          <Form layout="vertical" component="div">
            <Form.Item
              label={SHARE_BUTTON_MESSAGES.expiresIn}
              htmlFor={daysId}
              validateStatus={invalid || refused ? 'error' : undefined}
              help={invalid ?? refused ?? undefined}
            >
              <InputNumber
                id={daysId}
                min={1}
                max={WHITE_LABEL_DELIVERY_LIMITS.shareDaysMax}
                precision={0}
                value={days}
                onChange={(value) => {
                  setDays(value);
                  setInvalid(null);
                }}
                suffix={SHARE_BUTTON_MESSAGES.days}
                className="wl-share-days"
              />
            </Form.Item>
            {unusable && <Alert type="error" showIcon title={unusable} />}
            {create.isError && !refused && <ShareFailed error={create.error} />}
          </Form>
        )}
      </Modal>
    </>
  );
}

function ShareFailed({ error }: { error: unknown }) {
  const text = useErrorText(error);
  return text ? <Alert type="error" showIcon title={text} /> : null;
}

/** The new link, once: read-only, with a copy button; selecting it is the fallback when copying is refused. */
function CreatedLink({ share }: { share: ShareCreated }) {
  const input = useRef<InputRef>(null);
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(share.link);
      setCopied(true);
    } catch {
      input.current?.select();
    }
  };
  return (
    <Space orientation="vertical" size={8} className="wl-share-created">
      <Space.Compact block>
        <Input
          ref={input}
          readOnly
          value={share.link}
          aria-label={SHARE_BUTTON_MESSAGES.link}
          onFocus={(event) => event.target.select()}
        />
        <Button type="primary" onClick={copy}>
          {copied ? SHARE_BUTTON_MESSAGES.copied : SHARE_BUTTON_MESSAGES.copy}
        </Button>
      </Space.Compact>
      <Typography.Text type="warning">{SHARE_BUTTON_MESSAGES.once}</Typography.Text>
    </Space>
  );
}
