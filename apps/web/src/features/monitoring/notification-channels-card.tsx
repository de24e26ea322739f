import {
  NOTIFICATION_CONFIRM_DAYS,
  type NotificationChannel,
  NotificationChannelInputSchema,
  type NotificationChannelKind,
  type NotificationDelivery,
} from '@sitelens/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Empty,
  Form,
  Input,
  List,
  Popconfirm,
  Select,
  Skeleton,
  Space,
  Switch,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { useState } from 'react';
import { errorText } from '../../api/client';
import { useToast } from '../../components/use-toast';
import { ServerErrorAlert } from '../websites/server-error-alert';
import {
  addNotificationChannel,
  notificationChannelsQuery,
  removeNotificationChannel,
  resendNotificationConfirmation,
  setNotificationChannelEnabled,
  testNotificationChannel,
} from './monitoring.queries';
import './notification-channels.css';

export const CHANNEL_MESSAGES = {
  title: 'Notification channels',
  intro:
    'Where outage alerts of every website of your team go: when a website goes down and when it is back, as the choices above allow.',
  empty: 'No notification channels yet. Add an e-mail address, a webhook or a Slack incoming webhook.',
  ownerOnly: 'Only the team owner can change the notification channels.',
  added: 'Notification channel added.',
  removed: 'Notification channel removed.',
  tested: 'Test notification sent.',
  secret: 'Signing secret',
  waiting: 'Waiting for confirmation',
  waitingHelp: 'Nothing is sent to this address until the link mailed to it is followed.',
  resend: 'Send the link again',
  linkSent: (address: string) =>
    `We sent a confirmation link to ${address}. Outage alerts go to this address once the link is followed; it works for ${NOTIFICATION_CONFIRM_DAYS} days.`,
};

const KINDS: { value: NotificationChannelKind; label: string; placeholder: string }[] = [
  { value: 'email', label: 'E-mail', placeholder: 'alerts@example.com' },
  { value: 'webhook', label: 'Webhook', placeholder: 'https://example.com/hooks/sitelens' },
  { value: 'slack', label: 'Slack', placeholder: 'https://hooks.slack.com/services/…' },
];
const kindLabel = (kind: NotificationChannelKind) => KINDS.find((k) => k.value === kind)!.label;

const when = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')} UTC`;

/** The latest delivery of a channel: sent, waiting for a retry (with the error), or failed. */
function DeliveryStatus({ delivery }: { delivery: NotificationDelivery | null }) {
  if (!delivery) return <Typography.Text type="secondary">Nothing sent yet</Typography.Text>;
  if (delivery.status === 'sent') return <Tag color="success">Sent {when(delivery.sent_at!)}</Tag>;
  const tag =
    delivery.status === 'failed' ? (
      <Tag color="error">Failed after {delivery.attempts} attempts</Tag>
    ) : delivery.attempts === 0 ? (
      <Tag color="processing">Sending</Tag>
    ) : (
      <Tag color="warning">Retrying at {when(delivery.next_attempt_at!)}</Tag>
    );
  return (
    <Space size={4} wrap>
      {tag}
      {delivery.last_error && <Typography.Text type="danger">{delivery.last_error}</Typography.Text>}
    </Space>
  );
}

/** The team's outage notification channels (e-mail, signed webhook, Slack), on the Uptime Notifications settings. */
export function NotificationChannelsCard() {
  const channels = useQuery(notificationChannelsQuery);
  const owner = channels.data?.can_manage === true;
  const queryClient = useQueryClient();
  const toast = useToast();
  const [form] = Form.useForm<{ kind: NotificationChannelKind; target: string }>();
  const kind = Form.useWatch('kind', form) ?? 'email';
  const refresh = () => queryClient.invalidateQueries({ queryKey: notificationChannelsQuery.queryKey });
  const onError = async (error: unknown) => toast.error(await errorText(error));
  // The address a confirmation link was last mailed to, until the owner closes the note.
  const [linkSentTo, setLinkSentTo] = useState<string | null>(null);

  const add = useMutation({
    mutationFn: addNotificationChannel,
    onSuccess: async (channel) => {
      toast.success(CHANNEL_MESSAGES.added);
      if (!channel.confirmed) setLinkSentTo(channel.target);
      form.resetFields(['target']);
      await refresh();
    },
    onError,
  });
  const resend = useMutation({
    mutationFn: resendNotificationConfirmation,
    onSuccess: async (channel) => {
      setLinkSentTo(channel.target);
      await refresh();
    },
    onError,
  });
  const toggle = useMutation({
    mutationFn: ({ guid, enabled }: { guid: string; enabled: boolean }) =>
      setNotificationChannelEnabled(guid, enabled),
    onSuccess: refresh,
    onError,
  });
  const remove = useMutation({
    mutationFn: removeNotificationChannel,
    onSuccess: async () => {
      toast.success(CHANNEL_MESSAGES.removed);
      await refresh();
    },
    onError,
  });
  const test = useMutation({
    mutationFn: testNotificationChannel,
    onSuccess: async ({ delivery }) => {
      if (delivery.status === 'sent') toast.success(CHANNEL_MESSAGES.tested);
      else toast.error(`Test notification not delivered: ${delivery.last_error ?? 'unknown error'}`);
      await refresh();
    },
    onError,
  });

  const submit = (values: { kind: NotificationChannelKind; target: string }) => {
    const parsed = NotificationChannelInputSchema.safeParse(values);
    if (!parsed.success) {
      form.setFields([{ name: 'target', errors: [parsed.error.issues[0]?.message ?? 'Invalid value'] }]);
      return;
    }
    add.mutate(parsed.data);
  };

  return (
    <Card title={CHANNEL_MESSAGES.title} className="settings-card notification-channels">
      <Typography.Paragraph>{CHANNEL_MESSAGES.intro}</Typography.Paragraph>
      {linkSentTo && (
        <Alert
          type="info"
          showIcon
          className="notification-link-sent"
          title={CHANNEL_MESSAGES.linkSent(linkSentTo)}
          closable={{ onClose: () => setLinkSentTo(null), 'aria-label': 'Close' }}
        />
      )}
      {channels.isPending ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : channels.isError ? (
        <ServerErrorAlert error={channels.error} />
      ) : channels.data.channels.length === 0 ? (
        <Empty description={CHANNEL_MESSAGES.empty} image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : (
        <List<NotificationChannel>
          dataSource={channels.data.channels}
          rowKey="guid"
          renderItem={(channel) => (
            <List.Item
              className="notification-channel"
              actions={
                owner
                  ? [
                      <Tooltip key="enabled" title={channel.enabled ? 'On' : 'Off'}>
                        <Switch
                          aria-label={`Send to ${channel.target}`}
                          checked={channel.enabled}
                          onChange={(enabled) => toggle.mutate({ guid: channel.guid, enabled })}
                        />
                      </Tooltip>,
                      channel.confirmed ? (
                        <Button
                          key="test"
                          size="small"
                          loading={test.isPending && test.variables === channel.guid}
                          onClick={() => test.mutate(channel.guid)}
                        >
                          Send test
                        </Button>
                      ) : (
                        <Button
                          key="resend"
                          size="small"
                          loading={resend.isPending && resend.variables === channel.guid}
                          onClick={() => resend.mutate(channel.guid)}
                        >
                          {CHANNEL_MESSAGES.resend}
                        </Button>
                      ),
                      <Popconfirm
                        key="remove"
                        title={`Remove ${channel.target}?`}
                        okText="Remove"
                        onConfirm={() => remove.mutate(channel.guid)}
                      >
                        <Button size="small" danger>
                          Remove
                        </Button>
                      </Popconfirm>,
                    ]
                  : []
              }
            >
              <List.Item.Meta
                title={
                  <Space size={8} wrap>
                    <Tag>{kindLabel(channel.kind)}</Tag>
                    <Typography.Text className="notification-target">{channel.target}</Typography.Text>
                    {!channel.confirmed && <Tag color="warning">{CHANNEL_MESSAGES.waiting}</Tag>}
                    {!channel.enabled && <Tag>Off</Tag>}
                  </Space>
                }
                description={
                  <Space orientation="vertical" size={4}>
                    {channel.confirmed ? (
                      <DeliveryStatus delivery={channel.last_delivery} />
                    ) : (
                      <Typography.Text type="secondary">{CHANNEL_MESSAGES.waitingHelp}</Typography.Text>
                    )}
                    {channel.secret && (
                      <Typography.Text type="secondary">
                        {CHANNEL_MESSAGES.secret}:{' '}
                        <Typography.Text code copyable>
                          {channel.secret}
                        </Typography.Text>
                      </Typography.Text>
                    )}
                  </Space>
                }
              />
            </List.Item>
          )}
        />
      )}
      {owner ? (
        <Form
          form={form}
          layout="inline"
          className="notification-channel-form"
          initialValues={{ kind: 'email', target: '' }}
          onFinish={submit}
        >
          <Form.Item name="kind" label="Channel">
            <Select options={KINDS.map(({ value, label }) => ({ value, label }))} style={{ width: 120 }} />
          </Form.Item>
          <Form.Item name="target" label="Address" className="notification-channel-target">
            <Input placeholder={KINDS.find((k) => k.value === kind)!.placeholder} />
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit" loading={add.isPending}>
              Add channel
            </Button>
          </Form.Item>
        </Form>
      ) : (
        <Typography.Text type="secondary">{CHANNEL_MESSAGES.ownerOnly}</Typography.Text>
      )}
    </Card>
  );
}
