import {
  splitKeywords,
  TRACKED_KEYWORD_MESSAGES,
  type TrackedKeyword,
  WEBSITE_MESSAGES,
  type Website,
} from '@sitelens/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, Modal } from 'antd';
import { errorText, fieldProblem } from '../../api/client';
import { useToast } from '../../components/use-toast';
import { addTrackedKeywords } from '../websites/settings/tracked-keywords.queries';
import { refreshWebsites } from '../websites/websites.queries';
import { trackedKeywordsQuery } from './keyword-position.queries';

const messages = {
  title: 'Add keywords',
  label: 'Keywords',
  submit: 'Add keywords',
  added: 'Keywords added.',
  hint: 'Separate keywords with commas or new lines.',
  usage: (used: number, max: number) => `${used} of ${max} keywords used across your websites.`,
  market: (location: string, language: string) => `Tracked in ${location} (${language}).`,
};

export interface KeywordUsage {
  keywords_no: number;
  max_keywords: number;
}

/**
 * The keywords a text adds that the website does not track yet in this market: the ones the plan's
 * max_keywords counts (the server ignores the others).
 */
export function newKeywords(text: string, tracked: TrackedKeyword[], website: Website): string[] {
  const { location_name, language_code } = website.settings;
  const known = new Set(
    tracked
      .filter((k) => k.location_name === location_name && k.language_code === language_code)
      .map((k) => k.keyword),
  );
  return splitKeywords(text).filter((keyword) => !known.has(keyword));
}

/**
 * Spec 2.5 and 5: keywords to track, comma or newline separated, in the website's market. More than
 * the plan has room for is 'Keywords exceeded limit' before anything is sent; the server's own
 * refusal (a 403 naming the field) shows on the field too.
 */
export function AddKeywordsModal({
  open,
  onClose,
  website,
  tracked,
  usage,
}: {
  open: boolean;
  onClose(): void;
  website: Website;
  tracked: TrackedKeyword[];
  usage: KeywordUsage;
}) {
  return (
    <Modal open={open} title={messages.title} footer={null} onCancel={onClose} destroyOnHidden>
      <AddKeywordsForm website={website} tracked={tracked} usage={usage} onAdded={onClose} />
    </Modal>
  );
}

function AddKeywordsForm({
  website,
  tracked,
  usage,
  onAdded,
}: {
  website: Website;
  tracked: TrackedKeyword[];
  usage: KeywordUsage;
  onAdded(): void;
}) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const [form] = Form.useForm<{ keywords: string }>();
  const { location_name, language_code } = website.settings;

  const add = useMutation({
    mutationFn: (keywords: string[]) =>
      addTrackedKeywords({ domain: website.domain, location_name, language_code, keywords }),
    onSuccess: async (reply) => {
      // The answer is the domain's list: shown at once, before the refresh of the counts and tiles.
      queryClient.setQueryData(trackedKeywordsQuery(website.domain, undefined).queryKey, reply);
      toast.success(messages.added);
      onAdded();
      await refreshWebsites(queryClient);
    },
    onError: async (error) => {
      const problem = fieldProblem(error, 'keywords');
      if (problem) form.setFields([{ name: 'keywords', errors: [problem] }]);
      else toast.error(await errorText(error));
    },
  });

  return (
    <Form
      form={form}
      name="add-tracked-keywords"
      layout="vertical"
      onFinish={({ keywords }) => add.mutate(splitKeywords(keywords ?? ''))}
    >
      <Form.Item
        name="keywords"
        label={messages.label}
        required
        extra={[
          messages.hint,
          messages.usage(usage.keywords_no, usage.max_keywords),
          messages.market(location_name, language_code),
        ].join(' ')}
        rules={[
          {
            validator: (_: unknown, value?: string) => {
              if (splitKeywords(value ?? '').length === 0)
                return Promise.reject(new Error(TRACKED_KEYWORD_MESSAGES.required));
              const adding = newKeywords(value ?? '', tracked, website).length;
              return usage.keywords_no + adding > usage.max_keywords
                ? Promise.reject(new Error(WEBSITE_MESSAGES.keywordsExceeded))
                : Promise.resolve();
            },
          },
        ]}
      >
        <Input.TextArea autoSize={{ minRows: 5, maxRows: 25 }} placeholder="oak table, oak chairs" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={add.isPending}>
        {messages.submit}
      </Button>
    </Form>
  );
}
