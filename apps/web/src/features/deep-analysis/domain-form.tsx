import { normaliseDomain, WEBSITE_MESSAGES, type Website } from '@sitelens/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { errorText, fieldErrors, request } from '../../api/client';
import { refreshWebsites } from '../websites/websites.queries';
import { setupDomainPath } from './paths';

/** The Deep Analysis form's problem with a typed domain (spec 5): the normaliser's text or 'already added'. */
export function deepDomainProblem(input: string, websites: Website[]): string | null {
  const result = normaliseDomain(input);
  if (!result.ok) return result.message;
  if (websites.some((w) => w.domain === result.domain)) return WEBSITE_MESSAGES.alreadyAdded;
  return null;
}

/**
 * The Deep Analysis domain form (spec 2.4, 5): the website is tracked at once with the spec's
 * defaults (United States, en, no competitors, no regions) and set up in the background; the
 * setup screen follows it from there.
 */
export function DomainForm({ websites }: { websites: Website[] }) {
  const [input, setInput] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const add = useMutation({
    mutationFn: (domain: string) =>
      request<Website>('/website-index/background', { method: 'POST', body: { domain } }),
    onSuccess: async (website) => {
      await refreshWebsites(queryClient);
      navigate(setupDomainPath(website.guid));
    },
    onError: async (error) => {
      const field = fieldErrors(error).find((f) => f.field === 'domain');
      setProblem(field?.message ?? (await errorText(error)));
    },
  });
  const submit = () => {
    const found = deepDomainProblem(input, websites);
    setProblem(found);
    const result = normaliseDomain(input);
    if (!found && result.ok) add.mutate(result.domain);
  };
  return (
    <Card className="da-domain-form">
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        Analyze a whole website
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        Deep Analysis imports the site's sitemaps, crawls its pages, groups them and scores every URL.
      </Typography.Paragraph>
      <Form layout="vertical" onFinish={submit}>
        <Form.Item
          label="Domain"
          htmlFor="deep-analysis-domain"
          validateStatus={problem ? 'error' : undefined}
          help={problem ?? undefined}
        >
          <Input
            id="deep-analysis-domain"
            placeholder="example.com"
            value={input}
            onChange={(event) => setInput(event.target.value)}
            autoComplete="off"
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={add.isPending}>
          Start Deep Analysis
        </Button>
      </Form>
    </Card>
  );
}
