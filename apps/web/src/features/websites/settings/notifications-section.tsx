import type { Website } from '@sitelens/contracts';
import { Button, Card, Checkbox, Space, Typography } from 'antd';
import { useState } from 'react';
import { errorText } from '../../../api/client';
import { useToast } from '../../../components/use-toast';
import { NotificationChannelsCard } from '../../monitoring/notification-channels-card';
import { useSaveSettings } from './use-save-settings';

type Notifications = Website['settings']['notifications'];

const messages = {
  saved: 'Uptime notifications saved.',
  intro: 'Choose which outages of this website you are told about.',
  timeout: 'A page must load in under 20 s; a slower load counts as a page load timeout.',
};

const CHOICES: { key: keyof Notifications; label: string; description: string }[] = [
  { key: 'ping_uptime', label: 'Ping uptime', description: 'The server stops answering ping.' },
  { key: 'http_uptime', label: 'HTTP uptime', description: 'The website stops answering HTTP requests.' },
  { key: 'page_load_timeout', label: 'Page load timeout', description: 'A page takes 20 s or more to load.' },
];

export function NotificationsSection({ website }: { website: Website }) {
  const toast = useToast();
  const [choice, setChoice] = useState<Notifications>(website.settings.notifications);
  const save = useSaveSettings(website, messages.saved);
  const unchanged = CHOICES.every(({ key }) => choice[key] === website.settings.notifications[key]);

  return (
    <>
      <Card title="Uptime Notifications" className="settings-card">
        <Typography.Paragraph>{messages.intro}</Typography.Paragraph>
        <Space orientation="vertical" size={12} className="settings-choices">
          {CHOICES.map(({ key, label, description }) => (
            <Checkbox
              key={key}
              checked={choice[key]}
              onChange={(event) => setChoice((current) => ({ ...current, [key]: event.target.checked }))}
            >
              <strong>{label}</strong>
              <Typography.Text type="secondary"> — {description}</Typography.Text>
            </Checkbox>
          ))}
        </Space>
        <Typography.Paragraph type="secondary" className="settings-note">
          {messages.timeout}
        </Typography.Paragraph>
        <Button
          type="primary"
          disabled={unchanged}
          loading={save.isPending}
          onClick={() =>
            save.mutate(
              { notifications: choice },
              { onError: async (error) => toast.error(await errorText(error)) },
            )
          }
        >
          Save
        </Button>
      </Card>
      <NotificationChannelsCard />
    </>
  );
}
