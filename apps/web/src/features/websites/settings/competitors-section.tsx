import {
  activeSubscription,
  isCheckupUrl,
  MESSAGES,
  WEBSITE_MESSAGES,
  type Website,
} from '@sitelens/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, Select, Space } from 'antd';
import { errorText, fieldProblem } from '../../../api/client';
import { useToast } from '../../../components/use-toast';
import { subscriptionQuery } from '../../sales/sales.queries';
import { competitorUrl, SCHEMES } from '../competitor-url';
import { ServerErrorAlert } from '../server-error-alert';
import { RemovableList } from './removable-list';
import { useSaveSettings } from './use-save-settings';

const messages = {
  saved: 'Competitors saved.',
  itself: 'This is the website itself. Add another site as its competitor.',
  none: 'No competitors yet. Add the sites you compete with to compare your SEO score with theirs.',
  limit: (max: number) => `Your plan allows up to ${max} competitors per website.`,
};

const bareHost = (url: string) => new URL(url).hostname.replace(/^www\./, '');

/** Why the URL cannot be added to the website's competitors, or null when it can. */
function refusal(url: string, website: Website): string | null {
  if (!isCheckupUrl(url)) return WEBSITE_MESSAGES.invalidUrl;
  const href = new URL(url).href;
  if (website.settings.competitors.some((c) => new URL(c).href === href))
    return WEBSITE_MESSAGES.competitorDuplicate;
  if (bareHost(href) === bareHost(website.homepage_url)) return messages.itself;
  return null;
}

interface AddValues {
  scheme: string;
  url: string;
}

export function CompetitorsSection({ website }: { website: Website }) {
  const toast = useToast();
  const subscription = useQuery(subscriptionQuery);
  // Unknown until the plan is read: adding waits for it.
  const max = subscription.data
    ? (activeSubscription(subscription.data)?.plan_settings.max_competitors ?? 0)
    : null;
  const competitors = website.settings.competitors;
  const canAdd = max !== null && competitors.length < max;
  const save = useSaveSettings(website, messages.saved);
  const [form] = Form.useForm<AddValues>();

  const add = ({ scheme, url }: AddValues) => {
    const href = new URL(competitorUrl(scheme, url)).href;
    save.mutate(
      { competitors: [...competitors, href] },
      {
        onSuccess: () => form.resetFields(['url']),
        onError: async (error) => {
          const problem = fieldProblem(error, 'competitors');
          if (problem) form.setFields([{ name: 'url', errors: [problem] }]);
          else toast.error(await errorText(error));
        },
      },
    );
  };
  const remove = (url: string) =>
    save.mutate(
      { competitors: competitors.filter((c) => c !== url) },
      { onError: async (error) => toast.error(await errorText(error)) },
    );

  return (
    <Card title="Competitors" className="settings-card">
      <RemovableList items={competitors} empty={messages.none} disabled={save.isPending} onRemove={remove} />
      {subscription.isError && <ServerErrorAlert error={subscription.error} />}
      {max !== null && max <= 0 ? (
        <Alert type="info" showIcon title={MESSAGES.featureNotInPlan} className="settings-note" />
      ) : (
        max !== null &&
        !canAdd && <Alert type="info" showIcon title={messages.limit(max)} className="settings-note" />
      )}
      <Form<AddValues>
        form={form}
        name="add-competitor"
        className="settings-add-form"
        initialValues={{ scheme: SCHEMES[0], url: '' }}
        onFinish={add}
      >
        <div className="settings-add-row">
          <Form.Item label="Competitor" className="settings-add-field" required>
            <Space.Compact block>
              <Form.Item name="scheme" noStyle>
                <Select
                  aria-label="Scheme"
                  style={{ width: 100, flex: 'none' }}
                  disabled={!canAdd}
                  options={SCHEMES.map((s) => ({ value: s, label: s }))}
                />
              </Form.Item>
              <Form.Item
                name="url"
                noStyle
                rules={[
                  {
                    validator: (_: unknown, value?: string) => {
                      const url = competitorUrl(form.getFieldValue('scheme'), value ?? '');
                      const problem = refusal(url, website);
                      return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
                    },
                  },
                ]}
              >
                <Input aria-label="Competitor URL" placeholder="competitor.com" disabled={!canAdd} />
              </Form.Item>
            </Space.Compact>
          </Form.Item>
          <Button type="primary" htmlType="submit" disabled={!canAdd} loading={save.isPending}>
            Add competitor
          </Button>
        </div>
      </Form>
    </Card>
  );
}
