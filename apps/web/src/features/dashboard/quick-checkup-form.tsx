import { CHECKUP_MESSAGES, isCheckupUrl, type StartReportReply } from '@sitelens/contracts';
import { useMutation } from '@tanstack/react-query';
import { Button, Card, Form, Input, Space } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { errorText, request } from '../../api/client';
import { useToast } from '../../components/use-toast';
import { runningCheckup } from '../checkup/checkup.queries';

const SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i;

/** 'https://' is put in front of an address typed without a scheme (spec 5, quick checkup URL). */
export function withScheme(value: string): string {
  const trimmed = value.trim();
  return SCHEME.test(trimmed) ? trimmed : `https://${trimmed}`;
}

/** The dashboard's one-URL checkup: 'Analyze URL' starts it and opens its live report. */
export function QuickCheckupForm() {
  const navigate = useNavigate();
  const toast = useToast();
  const [problem, setProblem] = useState<string | null>(null);
  const [value, setValue] = useState('');
  const start = useMutation({
    // Typed without a scheme: the server checks it over http when https cannot connect, and says so.
    mutationFn: (typed: string) =>
      request<StartReportReply>('/report', {
        method: 'POST',
        body: { url: withScheme(typed), https_assumed: !SCHEME.test(typed.trim()) },
      }),
    onSuccess: ({ guid, url, scheme_note }) => {
      if (scheme_note) toast.info(scheme_note);
      runningCheckup.set({ guid, url });
      navigate(`/analysis/report?guid=${guid}&url=${encodeURIComponent(url)}`);
    },
    onError: async (error) => toast.error(await errorText(error)),
  });
  const submit = () => {
    if (!value.trim() || !isCheckupUrl(withScheme(value))) return setProblem(CHECKUP_MESSAGES.invalidUrl);
    start.mutate(value);
  };
  return (
    <Card className="quick-checkup" title="Quick SEO checkup">
      <Form onFinish={submit}>
        <Form.Item validateStatus={problem ? 'error' : undefined} help={problem} style={{ marginBottom: 0 }}>
          <Space.Compact style={{ width: '100%' }}>
            <Input
              aria-label="URL to analyze"
              placeholder="https://example.com/page"
              value={value}
              onChange={(event) => {
                setValue(event.target.value);
                setProblem(null);
              }}
            />
            <Button type="primary" htmlType="submit" loading={start.isPending}>
              Analyze URL
            </Button>
          </Space.Compact>
        </Form.Item>
      </Form>
    </Card>
  );
}
