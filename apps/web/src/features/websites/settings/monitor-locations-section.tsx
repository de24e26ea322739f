import { activeSubscription, MESSAGES, type Website } from '@sitelens/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Select, Skeleton } from 'antd';
import { useState } from 'react';
import { errorText, fieldProblem } from '../../../api/client';
import { useToast } from '../../../components/use-toast';
import { WebsiteProbes } from '../../monitoring/region-probes';
import { subscriptionQuery } from '../../sales/sales.queries';
import { ServerErrorAlert } from '../server-error-alert';
import { regionsQuery } from '../websites.queries';
import { useSaveSettings } from './use-save-settings';

const messages = {
  saved: 'Monitoring regions saved.',
  intro:
    'Uptime and loading time are checked from the primary region and from each additional one, each by a probe the operator runs on a machine in that region.',
  additionalHint: (max: number) => `Up to ${max} additional ${max === 1 ? 'region' : 'regions'}.`,
};

/** Spec 5 "Monitor regions": one primary and up to max_monitored_regions − 1 additional ones. */
export function MonitorLocationsSection({ website }: { website: Website }) {
  const toast = useToast();
  const regions = useQuery(regionsQuery);
  const subscription = useQuery(subscriptionQuery);
  const saved = website.settings.regions;
  const [primary, setPrimary] = useState<string | undefined>(saved[0]);
  const [additional, setAdditional] = useState<string[]>(saved.slice(1));
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSaveSettings(website, messages.saved);

  if (regions.isPending || subscription.isPending)
    return (
      <Card title="Monitor locations" className="settings-card">
        <Skeleton active paragraph={{ rows: 3 }} />
      </Card>
    );
  if (regions.isError || subscription.isError)
    return <ServerErrorAlert error={regions.error ?? subscription.error} />;

  const max = activeSubscription(subscription.data)?.plan_settings.max_monitored_regions ?? 0;
  const options = regions.data.order.map((code) => ({
    value: code,
    label: regions.data.regions[code] ?? code,
  }));
  const next = primary ? [primary, ...additional] : [];
  const unchanged = next.join() === saved.join();

  const submit = () => {
    setProblem(null);
    save.mutate(
      { regions: next as Website['settings']['regions'] },
      {
        onError: async (error) => {
          const text = fieldProblem(error, 'regions');
          if (text) setProblem(text);
          else toast.error(await errorText(error));
        },
      },
    );
  };

  return (
    <Card title="Monitor locations" className="settings-card">
      <p>{messages.intro}</p>
      {max <= 0 && <Alert type="info" showIcon title={MESSAGES.featureNotInPlan} className="settings-note" />}
      <Form layout="vertical" className="settings-form" onFinish={submit}>
        <Form.Item
          label="Primary region"
          required
          validateStatus={problem && max <= 1 ? 'error' : undefined}
          help={problem && max <= 1 ? problem : undefined}
        >
          <Select
            aria-label="Primary region"
            value={primary}
            placeholder="Choose a region"
            disabled={max <= 0}
            options={options}
            onChange={(value: string) => {
              setPrimary(value);
              // Another primary: the additional regions are chosen again (spec 5).
              setAdditional([]);
              setProblem(null);
            }}
          />
        </Form.Item>
        {max > 1 && (
          <Form.Item
            label="Additional regions"
            extra={messages.additionalHint(max - 1)}
            validateStatus={problem ? 'error' : undefined}
            help={problem ?? undefined}
          >
            <Select
              aria-label="Additional regions"
              mode="multiple"
              value={additional}
              maxCount={max - 1}
              placeholder="None"
              options={options.filter((o) => o.value !== primary)}
              onChange={(values: string[]) => {
                setAdditional(values);
                setProblem(null);
              }}
            />
          </Form.Item>
        )}
        <Button
          type="primary"
          htmlType="submit"
          disabled={max <= 0 || !primary || unchanged}
          loading={save.isPending}
        >
          Save
        </Button>
      </Form>
      <WebsiteProbes website={website} />
    </Card>
  );
}
