import {
  DEFAULT_TEMPLATE_GUID,
  displayHost,
  formatDate,
  type Schedule,
  type ScheduleFrequency,
  ScheduleInputSchema,
} from '@sitelens/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Card,
  Col,
  Empty,
  Form,
  Input,
  Popconfirm,
  Radio,
  Row,
  Select,
  Skeleton,
  Space,
  Switch,
  Tag,
  Typography,
} from 'antd';
import { errorText, fieldErrors } from '../../../api/client';
import { useToast } from '../../../components/use-toast';
import { ServerErrorAlert } from '../../websites/server-error-alert';
import { websitesQuery } from '../../websites/websites.queries';
import { templatesQuery } from '../white-label.queries';
import {
  createSchedule,
  deleteSchedule,
  scheduleChanged,
  schedulesQuery,
  updateSchedule,
} from './delivery.queries';
import './delivery.css';

export const SCHEDULE_MESSAGES = {
  title: 'Scheduled reports',
  intro:
    'Each week or month, the latest saved report of the website is e-mailed to the address, branded with the template.',
  empty: 'No scheduled reports yet',
  noWebsites: 'No tracked websites yet',
  added: 'Scheduled report added.',
  removed: 'Scheduled report removed.',
  notSent: 'Not sent yet',
  add: 'Add schedule',
};

const FREQUENCIES: { value: ScheduleFrequency; label: string }[] = [
  { value: 'weekly', label: 'Weekly' },
  { value: 'monthly', label: 'Monthly' },
];
const frequencyLabel = (frequency: ScheduleFrequency) =>
  FREQUENCIES.find((f) => f.value === frequency)!.label;

const SEND_STATUS = {
  sent: { color: 'success', label: 'Sent' },
  skipped: { color: 'warning', label: 'Skipped' },
  failed: { color: 'error', label: 'Failed' },
  sending: { color: 'processing', label: 'Sending' },
} as const;

type FormValues = {
  website_guid?: string;
  template_guid: string;
  recipient: string;
  frequency: ScheduleFrequency;
};
const FIELDS = ['website_guid', 'template_guid', 'recipient', 'frequency'] as const;
const isField = (name: unknown): name is (typeof FIELDS)[number] => FIELDS.includes(name as never);

/** The last period a schedule sent in (or tried to), with the reason when it did not. */
function LastSend({ send }: { send: Schedule['last_send'] }) {
  if (!send) return <Typography.Text type="secondary">{SCHEDULE_MESSAGES.notSent}</Typography.Text>;
  const status = SEND_STATUS[send.status];
  return (
    <Space size={4} wrap>
      <Typography.Text type="secondary">Last send {send.period}:</Typography.Text>
      <Tag color={status.color}>{status.label}</Tag>
      {send.sent_at && <Typography.Text type="secondary">{formatDate(send.sent_at)}</Typography.Text>}
      {send.error && <Typography.Text type="danger">{send.error}</Typography.Text>}
    </Space>
  );
}

/**
 * The organization's scheduled reports: each e-mails a tracked website's latest saved report,
 * branded with a template, to a client once a week or a month. Add, turn on or off, remove.
 */
export function SchedulesCard() {
  const schedules = useQuery(schedulesQuery);
  const websites = useQuery(websitesQuery);
  const templates = useQuery(templatesQuery);
  const queryClient = useQueryClient();
  const toast = useToast();
  const [form] = Form.useForm<FormValues>();
  const onError = async (error: unknown) => toast.error(await errorText(error));

  const add = useMutation({
    mutationFn: createSchedule,
    onSuccess: async (schedule) => {
      toast.success(SCHEDULE_MESSAGES.added);
      form.resetFields(['website_guid', 'recipient']);
      await scheduleChanged(queryClient, schedule.guid, schedule);
    },
    onError: async (error) => {
      // The server names the field it refuses (an unknown website or template, the address).
      const problems = fieldErrors(error).filter((f) => isField(f.field));
      if (problems.length === 0) return onError(error);
      form.setFields(
        problems.map((f) => ({ name: f.field as (typeof FIELDS)[number], errors: [f.message] })),
      );
    },
  });
  const toggle = useMutation({
    mutationFn: ({ guid, enabled }: { guid: string; enabled: boolean }) => updateSchedule(guid, { enabled }),
    onSuccess: (schedule) => scheduleChanged(queryClient, schedule.guid, schedule),
    onError,
  });
  const remove = useMutation({
    mutationFn: deleteSchedule,
    onSuccess: async (_, guid) => {
      toast.success(SCHEDULE_MESSAGES.removed);
      await scheduleChanged(queryClient, guid, null);
    },
    onError,
  });

  const submit = (values: FormValues) => {
    const parsed = ScheduleInputSchema.safeParse(values);
    if (!parsed.success) {
      form.setFields(
        parsed.error.issues
          .filter((issue) => isField(issue.path[0]))
          .map((issue) => ({ name: issue.path[0] as (typeof FIELDS)[number], errors: [issue.message] })),
      );
      return;
    }
    add.mutate(parsed.data);
  };

  return (
    <Card title={SCHEDULE_MESSAGES.title} className="wl-card wl-delivery-card">
      <Typography.Paragraph type="secondary">{SCHEDULE_MESSAGES.intro}</Typography.Paragraph>
      <Form<FormValues>
        form={form}
        layout="vertical"
        className="wl-schedule-form"
        initialValues={{ template_guid: DEFAULT_TEMPLATE_GUID, recipient: '', frequency: 'weekly' }}
        onFinish={submit}
      >
        <Row gutter={16}>
          <Col xs={24} sm={12} xl={6}>
            <Form.Item name="website_guid" label="Website">
              <Select
                placeholder="Choose a website"
                loading={websites.isPending}
                showSearch={{ optionFilterProp: 'label' }}
                options={(websites.data ?? []).map((w) => ({ value: w.guid, label: displayHost(w.domain) }))}
                notFoundContent={
                  websites.isError ? (
                    <ServerErrorAlert error={websites.error} />
                  ) : (
                    SCHEDULE_MESSAGES.noWebsites
                  )
                }
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} xl={6}>
            <Form.Item name="template_guid" label="Template">
              <Select
                loading={templates.isPending}
                options={(
                  templates.data?.templates ?? [{ guid: DEFAULT_TEMPLATE_GUID, name: 'Default' }]
                ).map((t) => ({ value: t.guid, label: t.name }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} xl={6}>
            <Form.Item name="recipient" label="Recipient e-mail">
              <Input type="email" autoComplete="off" placeholder="client@example.com" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} xl={6}>
            <Form.Item name="frequency" label="Frequency">
              <Radio.Group optionType="button" options={FREQUENCIES} />
            </Form.Item>
          </Col>
        </Row>
        <Button type="primary" htmlType="submit" loading={add.isPending}>
          {SCHEDULE_MESSAGES.add}
        </Button>
      </Form>

      <div className="wl-delivery-list-wrap">
        {schedules.isPending ? (
          <Skeleton active paragraph={{ rows: 3 }} />
        ) : schedules.isError ? (
          <ServerErrorAlert
            error={schedules.error}
            action={
              <Button size="small" onClick={() => schedules.refetch()}>
                Try again
              </Button>
            }
          />
        ) : schedules.data.schedules.length === 0 ? (
          <Empty description={SCHEDULE_MESSAGES.empty} image={Empty.PRESENTED_IMAGE_SIMPLE} />
        ) : (
          <ul className="wl-delivery-list" aria-label={SCHEDULE_MESSAGES.title}>
            {schedules.data.schedules.map((schedule) => (
              <li key={schedule.guid} className="wl-delivery-item">
                <div className="wl-delivery-main">
                  <Space size={8} wrap>
                    <Typography.Text strong className="wl-delivery-break">
                      {displayHost(schedule.domain)}
                    </Typography.Text>
                    <Tag>{frequencyLabel(schedule.frequency)}</Tag>
                    {!schedule.enabled && <Tag>Off</Tag>}
                  </Space>
                  <div>
                    <Typography.Text className="wl-delivery-break">{schedule.recipient}</Typography.Text>
                    <Typography.Text type="secondary"> · {schedule.template_name}</Typography.Text>
                  </div>
                  <LastSend send={schedule.last_send} />
                </div>
                <Space className="wl-delivery-actions" size={12}>
                  <Switch
                    aria-label={`Send ${schedule.domain} to ${schedule.recipient}`}
                    checked={schedule.enabled}
                    loading={toggle.isPending && toggle.variables.guid === schedule.guid}
                    onChange={(enabled) => toggle.mutate({ guid: schedule.guid, enabled })}
                  />
                  <Popconfirm
                    title={`Stop sending ${schedule.domain} to ${schedule.recipient}?`}
                    okText="Delete"
                    okButtonProps={{ danger: true }}
                    onConfirm={() => remove.mutate(schedule.guid)}
                  >
                    <Button
                      size="small"
                      danger
                      loading={remove.isPending && remove.variables === schedule.guid}
                    >
                      Delete
                    </Button>
                  </Popconfirm>
                </Space>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Card>
  );
}
