import { CHECKUP_MESSAGES, isCheckupUrl, type Website } from '@sitelens/contracts';
import { Alert, Button, Card, Form, Input, Radio } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { fieldErrors, RequestError } from '../../api/client';
import { withScheme } from '../dashboard/quick-checkup-form';
import { ServerErrorAlert, useErrorText } from '../websites/server-error-alert';
import { WebsiteSelector } from '../websites/website-selector';
import type { RunTarget } from './webmaster-tools.queries';

export type TargetMode = 'website' | 'url';

const messages = {
  target: 'What to crawl',
  trackedWebsite: 'Tracked website',
  website: 'Website',
  anyUrl: 'Any URL',
  url: 'URL',
  seePlans: 'See the plans',
};

export interface RunTargetFormProps<Extra extends object> {
  /** The card's title, e.g. 'Check a site for broken links'. */
  title: string;
  submitLabel: string;
  websites: Website[];
  website: Website | undefined;
  onSelectWebsite(guid: string): void;
  /** Without tracked websites the form offers the URL alone, whatever `mode` says. */
  mode: TargetMode;
  onModeChange(mode: TargetMode): void;
  /** The tool's own fields (`children`) start with these values. */
  initialValues?: Extra;
  children?: ReactNode;
  pending: boolean;
  /** The start's rejection: shown on its field, as a plan refusal, or as the server's message. */
  error: unknown;
  onSubmit(target: RunTarget, values: Extra): void;
}

type FormValues<Extra> = Extra & { url?: string };

/**
 * The start of a webmaster tool: the selected tracked website (the default when the organization
 * has one) or any URL typed in, the tool's own options, and its button.
 */
export function RunTargetForm<Extra extends object>({
  title,
  submitLabel,
  websites,
  website,
  onSelectWebsite,
  mode: wantedMode,
  onModeChange,
  initialValues,
  children,
  pending,
  error,
  onSubmit,
}: RunTargetFormProps<Extra>) {
  const [form] = Form.useForm<FormValues<Extra>>();
  const mode: TargetMode = website ? wantedMode : 'url';
  const [websiteProblem, setWebsiteProblem] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<{ plan: boolean; error: unknown } | null>(null);

  useEffect(() => {
    setWebsiteProblem(null);
    if (!error) return setRefusal(null);
    if (error instanceof RequestError && error.status === 403) return setRefusal({ plan: true, error });
    // A field the server names shows on that field: the target's, or one of the tool's options.
    const onFields: { name: string[]; errors: string[] }[] = [];
    let onWebsite: string | null = null;
    for (const { field, message } of fieldErrors(error)) {
      const [name, option] = field.split('.');
      if ((name === 'url' || name === 'w_guid') && mode === 'website') onWebsite = message;
      else if (name === 'url' || name === 'w_guid') onFields.push({ name: ['url'], errors: [message] });
      else if (name === 'options' && option) onFields.push({ name: ['options', option], errors: [message] });
    }
    setWebsiteProblem(onWebsite);
    form.setFields(onFields as Parameters<typeof form.setFields>[0]);
    setRefusal(onFields.length > 0 || onWebsite ? null : { plan: false, error });
  }, [error, form, mode]);

  const submit = (values: FormValues<Extra>) => {
    const target: RunTarget =
      mode === 'website' && website ? { w_guid: website.guid } : { url: withScheme(values.url ?? '') };
    onSubmit(target, values);
  };

  return (
    <Card title={title} className="wt-form">
      {refusal &&
        (refusal.plan ? <PlanRefusal error={refusal.error} /> : <ServerErrorAlert error={refusal.error} />)}
      <Form<FormValues<Extra>>
        form={form}
        layout="vertical"
        initialValues={{ url: '', ...initialValues } as FormValues<Extra>}
        onFinish={submit}
        requiredMark={false}
      >
        {website && (
          <Form.Item label={messages.target}>
            <Radio.Group
              aria-label={messages.target}
              optionType="button"
              value={mode}
              onChange={(event) => onModeChange(event.target.value)}
              options={[
                { value: 'website', label: messages.trackedWebsite },
                { value: 'url', label: messages.anyUrl },
              ]}
            />
          </Form.Item>
        )}
        {mode === 'website' && website ? (
          <Form.Item
            label={messages.website}
            validateStatus={websiteProblem ? 'error' : undefined}
            help={websiteProblem}
          >
            <WebsiteSelector websites={websites} value={website.guid} onChange={onSelectWebsite} />
          </Form.Item>
        ) : (
          <Form.Item
            name="url"
            label={messages.url}
            rules={[
              { required: true, whitespace: true, message: CHECKUP_MESSAGES.invalidUrl },
              {
                validator: (_, value?: string) =>
                  !value?.trim() || isCheckupUrl(withScheme(value))
                    ? Promise.resolve()
                    : Promise.reject(new Error(CHECKUP_MESSAGES.invalidUrl)),
              },
            ]}
          >
            <Input placeholder="https://example.com" autoComplete="url" inputMode="url" />
          </Form.Item>
        )}
        {children}
        <Button type="primary" htmlType="submit" loading={pending}>
          {submitLabel}
        </Button>
      </Form>
    </Card>
  );
}

/** A plan without the tool, or with its checkups used up: the server's words and the way to the plans. */
function PlanRefusal({ error }: { error: unknown }) {
  const text = useErrorText(error);
  return (
    <Alert
      type="warning"
      showIcon
      className="wt-alert"
      title={text}
      description={<Link to="/subscription/plans">{messages.seePlans}</Link>}
    />
  );
}
