import {
  MESSAGES,
  splitKeywords,
  TRACKED_KEYWORD_MESSAGES,
  WEBSITE_MESSAGES,
  type Website,
} from '@sitelens/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, Skeleton } from 'antd';
import { errorText, fieldProblem } from '../../../api/client';
import { useToast } from '../../../components/use-toast';
import { ServerErrorAlert } from '../server-error-alert';
import { keywordUsageQuery, refreshWebsites } from '../websites.queries';
import { RemovableList } from './removable-list';
import { addTrackedKeywords, deleteTrackedKeyword } from './tracked-keywords.queries';

const messages = {
  none: "You haven't set any keywords to track for this domain!",
  added: 'Keywords added.',
  removed: (keyword: string) => `"${keyword}" is no longer tracked.`,
  hint: 'Separate keywords with commas or new lines.',
  usage: (used: number, max: number) => `${used} of ${max} keywords used across your websites.`,
};

export function KeywordsSection({ website }: { website: Website }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const usage = useQuery(keywordUsageQuery);
  const [form] = Form.useForm<{ keywords: string }>();

  const add = useMutation({
    mutationFn: (keywords: string[]) =>
      addTrackedKeywords({
        domain: website.domain,
        location_name: website.settings.location_name,
        language_code: website.settings.language_code,
        keywords,
      }),
    onSuccess: async () => {
      form.resetFields();
      toast.success(messages.added);
      await refreshWebsites(queryClient);
    },
    onError: async (error) => {
      const problem = fieldProblem(error, 'keywords');
      if (problem) form.setFields([{ name: 'keywords', errors: [problem] }]);
      else toast.error(await errorText(error));
    },
  });
  const remove = useMutation({
    mutationFn: (keyword: string) => deleteTrackedKeyword({ domain: website.domain, keyword }),
    onSuccess: async (_, keyword) => {
      toast.success(messages.removed(keyword));
      await refreshWebsites(queryClient);
    },
    onError: async (error) => toast.error(await errorText(error)),
  });

  return (
    <Card title="Keywords" className="settings-card">
      <RemovableList
        // The same keyword tracked in two markets (after a market change) is one item here.
        items={[...new Set(website.keywords)]}
        empty={messages.none}
        removing={remove.isPending ? remove.variables : undefined}
        onRemove={(keyword) => remove.mutate(keyword)}
      />
      {usage.isPending ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : usage.isError ? (
        <ServerErrorAlert error={usage.error} />
      ) : usage.data.max_keywords <= 0 ? (
        <Alert type="info" showIcon title={MESSAGES.featureNotInPlan} className="settings-note" />
      ) : usage.data.keywords_no >= usage.data.max_keywords ? (
        <Alert
          type="info"
          showIcon
          title={WEBSITE_MESSAGES.keywordsAtLimit(usage.data.max_keywords)}
          className="settings-note"
        />
      ) : (
        <Form
          form={form}
          name="add-keywords"
          layout="vertical"
          className="settings-add-form"
          onFinish={({ keywords }) => add.mutate(splitKeywords(keywords ?? ''))}
        >
          <Form.Item
            name="keywords"
            label="Add keywords"
            required
            extra={`${messages.hint} ${messages.usage(usage.data.keywords_no, usage.data.max_keywords)}`}
            rules={[
              {
                validator: (_: unknown, value?: string) =>
                  splitKeywords(value ?? '').length > 0
                    ? Promise.resolve()
                    : Promise.reject(new Error(TRACKED_KEYWORD_MESSAGES.required)),
              },
            ]}
          >
            <Input.TextArea autoSize={{ minRows: 3, maxRows: 10 }} placeholder="oak table, oak chairs" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={add.isPending}>
            Add keywords
          </Button>
        </Form>
      )}
    </Card>
  );
}
