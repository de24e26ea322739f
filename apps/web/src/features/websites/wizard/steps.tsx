import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  type DomainSetup,
  displayHost,
  displayUrl,
  isCheckupUrl,
  type MonitorRegion,
  normaliseDomain,
  type PlanSettings,
  type Subscription,
  splitKeywords,
  WEBSITE_MESSAGES,
  type Website,
} from '@sitelens/contracts';
import { type UseQueryResult, useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Select, Skeleton, Space, Tag, Typography } from 'antd';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { errorText, fieldProblem, request } from '../../../api/client';
import { competitorUrl, SCHEMES } from '../competitor-url';
import { ServerErrorAlert } from '../server-error-alert';
import { domainSetupQuery, keywordUsageQuery, locationsQuery, regionsQuery } from '../websites.queries';
import { DomainLimitAlert } from './plan-limit-alert';
import { SetupProgress } from './setup-progress';
import { type CompetitorEntry, domainProblem, type WizardValues } from './wizard-model';

const SETUP_POLL_MS = 5000;
const SUGGESTIONS_SHOWN = 10;

interface StepProps {
  values: WizardValues;
  update(patch: Partial<WizardValues>): void;
  plan: PlanSettings | undefined;
  onBack(): void;
  onNext(): void;
}

function StepButtons({
  onBack,
  onNext,
  nextLabel = 'Next',
  disabled,
  extra,
}: {
  onBack?(): void;
  onNext(): void;
  nextLabel?: string;
  disabled?: boolean;
  extra?: ReactNode;
}) {
  return (
    <Space wrap className="wizard-buttons">
      {extra}
      {onBack && <Button onClick={onBack}>Back</Button>}
      <Button type="primary" onClick={onNext} disabled={disabled}>
        {nextLabel}
      </Button>
    </Space>
  );
}

/** A step's own data: a skeleton while it loads, its error with a retry when it fails. */
function Loaded<T>({ query, children }: { query: UseQueryResult<T>; children(data: T): ReactNode }) {
  if (query.isPending) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (query.isError)
    return (
      <ServerErrorAlert
        error={query.error}
        action={
          <Button size="small" onClick={() => query.refetch()}>
            Retry
          </Button>
        }
      />
    );
  return <>{children(query.data)}</>;
}

/** Step 0: the domain; Next starts the server's domain setup and waits for its answer. */
export function WebsiteStep({
  websites,
  subscription,
  contactPrompt,
  initialDomain,
  onSetupDone,
  onSkip,
}: {
  websites: UseQueryResult<Website[]>;
  subscription: UseQueryResult<Subscription>;
  contactPrompt: boolean;
  initialDomain: string;
  onSetupDone(domain: string, setup: DomainSetup): void;
  onSkip?(): void;
}) {
  const [input, setInput] = useState(initialDomain);
  const [problem, setProblem] = useState<string | null>(null);
  const [process, setProcess] = useState<{ domain: string; guid: string } | null>(null);
  const plan =
    subscription.data && 'plan_settings' in subscription.data ? subscription.data.plan_settings : undefined;
  const max = plan?.max_tracked_websites;
  const atLimit = max !== undefined && (websites.data?.length ?? 0) >= max;

  const start = useMutation({
    mutationFn: (domain: string) =>
      request<DomainSetup>('/website-index/domain-setup', { method: 'POST', body: { domain } }),
    onSuccess: (setup) => setProcess({ domain: setup.domain, guid: setup.guid }),
    onError: async (error) => setProblem(fieldProblem(error, 'domain') ?? (await errorText(error))),
  });
  const setup = useQuery({
    ...domainSetupQuery(process?.domain ?? '', process?.guid ?? ''),
    enabled: process !== null,
    refetchInterval: (query) => (query.state.data?.status === 'completed' ? false : SETUP_POLL_MS),
  });
  const done = setup.data?.status === 'completed' ? setup.data : null;
  const failure = done?.output?.error ?? null;
  useEffect(() => {
    if (done && !done.output?.error && process) onSetupDone(process.domain, done);
  }, [done, process, onSetupDone]);

  const submit = () => {
    const found = domainProblem(input, websites.data ?? []);
    setProblem(found);
    if (found || atLimit) return;
    const result = normaliseDomain(input);
    if (result.ok) start.mutate(result.domain);
  };
  const retry = () => {
    setProcess(null);
    if (process) start.mutate(process.domain);
  };

  if (process && !failure && !setup.isError)
    return (
      <SetupProgress
        title={`Setting up ${displayHost(process.domain)}`}
        description="Finding its homepage, its sitemaps and its market. This usually takes 30 to 45 seconds."
      />
    );
  return (
    <div className="wizard-step">
      {atLimit && <DomainLimitAlert max={max} professional={contactPrompt} />}
      {failure && (
        <Alert
          type="error"
          showIcon
          title={failure}
          action={
            <Button size="small" onClick={retry}>
              Try again
            </Button>
          }
          style={{ marginBottom: 16 }}
        />
      )}
      {setup.isError && (
        <Alert
          type="error"
          showIcon
          title={WEBSITE_MESSAGES.somethingWrong}
          description={WEBSITE_MESSAGES.tryAgainOrContact}
          action={
            <Button size="small" onClick={() => setup.refetch()}>
              Retry
            </Button>
          }
          style={{ marginBottom: 16 }}
        />
      )}
      <Form layout="vertical">
        <Form.Item
          label="Your website's domain"
          validateStatus={problem ? 'error' : undefined}
          help={problem ?? 'For example example.com: we find its homepage, sitemaps and market.'}
        >
          <Input
            aria-label="Domain"
            placeholder="example.com"
            value={input}
            autoFocus
            autoComplete="url"
            onChange={(event) => {
              setInput(event.target.value);
              setProblem(null);
            }}
            onPressEnter={submit}
          />
        </Form.Item>
        <StepButtons
          onNext={submit}
          disabled={atLimit || start.isPending}
          extra={onSkip && <Button onClick={onSkip}>Skip for now</Button>}
        />
      </Form>
    </div>
  );
}

/** What the domain setup found: the homepage that answered and the sitemaps. */
function SetupFindings({ setup }: { setup: DomainSetup }) {
  const count = setup.sitemap_urls.length;
  return (
    <Alert
      type="success"
      showIcon
      className="setup-findings"
      title={`${displayHost(setup.domain)} answers at ${displayUrl(setup.output?.homepage_url ?? '')}`}
      description={
        count === 0 ? (
          'No sitemap found: Deep Analysis will ask for the URLs to audit.'
        ) : (
          <>
            {count === 1 ? 'Sitemap found:' : `${count} sitemaps found:`}
            <ul className="setup-sitemaps">
              {setup.sitemap_urls.map((url) => (
                <li key={url}>{url}</li>
              ))}
            </ul>
          </>
        )
      }
      style={{ marginBottom: 16 }}
    />
  );
}

/** Step 1: the search market, as the setup read it from the site. */
export function LocationStep({ values, update, onBack, onNext }: StepProps) {
  const locations = useQuery(locationsQuery);
  return (
    <div className="wizard-step">
      <Loaded query={locations}>
        {(options) => {
          const countries = [...new Set(options.map((o) => o.location_name))];
          const languages = options.filter((o) => o.location_name === values.location_name);
          return (
            <Form layout="vertical">
              {values.setup && <SetupFindings setup={values.setup} />}
              <Typography.Paragraph type="secondary">
                Where your customers search: keyword positions and suggestions are read for this market.
              </Typography.Paragraph>
              <Form.Item label="Location">
                <Select
                  aria-label="Location"
                  showSearch
                  value={values.location_name}
                  options={countries.map((name) => ({ value: name, label: name }))}
                  onChange={(location_name: string) =>
                    update({
                      location_name,
                      language_code:
                        options.find((o) => o.location_name === location_name)?.language_code ?? '',
                    })
                  }
                />
              </Form.Item>
              <Form.Item label="Language">
                <Select
                  aria-label="Language"
                  value={values.language_code}
                  options={languages.map((o) => ({ value: o.language_code, label: o.language_name }))}
                  onChange={(language_code: string) => update({ language_code })}
                />
              </Form.Item>
              <StepButtons onBack={onBack} onNext={onNext} disabled={languages.length === 0} />
            </Form>
          );
        }}
      </Loaded>
    </div>
  );
}

/** Step 2: competitors, each with its scheme; up to the plan's max_competitors. */
export function CompetitorsStep({ values, update, plan, onBack, onNext }: StepProps) {
  const [errors, setErrors] = useState<Record<number, string>>({});
  const max = plan?.max_competitors;
  const entries = values.competitors;
  const setEntry = (index: number, patch: Partial<CompetitorEntry>) => {
    update({ competitors: entries.map((e, i) => (i === index ? { ...e, ...patch } : e)) });
    setErrors(({ [index]: _, ...rest }) => rest);
  };
  const submit = () => {
    const found: Record<number, string> = {};
    entries.forEach((entry, i) => {
      if (entry.domain.trim() && !isCheckupUrl(competitorUrl(entry.scheme, entry.domain)))
        found[i] = WEBSITE_MESSAGES.invalidUrl;
    });
    setErrors(found);
    if (Object.keys(found).length === 0) onNext();
  };
  return (
    <div className="wizard-step">
      {values.setup?.notice && entries.length === 0 && (
        <Alert type="info" showIcon title={values.setup.notice} style={{ marginBottom: 16 }} />
      )}
      <Typography.Paragraph type="secondary">
        The sites you compete with: their scores are drawn beside yours.
        {max !== undefined && ` Your plan allows up to ${max}.`}
      </Typography.Paragraph>
      <Form layout="vertical">
        {entries.map((entry, i) => (
          <Form.Item
            // biome-ignore lint/suspicious/noArrayIndexKey: inputs are edited in place, never reordered
            key={i}
            label={`Competitor ${i + 1}`}
            validateStatus={errors[i] ? 'error' : undefined}
            help={errors[i]}
          >
            <Space.Compact style={{ width: '100%' }}>
              <Select
                aria-label={`Competitor ${i + 1} scheme`}
                style={{ width: 100 }}
                value={entry.scheme}
                options={SCHEMES.map((s) => ({ value: s, label: s }))}
                onChange={(scheme: string) => setEntry(i, { scheme })}
              />
              <Input
                aria-label={`Competitor ${i + 1}`}
                placeholder="competitor.com"
                value={entry.domain}
                onChange={(event) => setEntry(i, { domain: event.target.value })}
                onPressEnter={submit}
              />
              <Button
                aria-label={`Remove competitor ${i + 1}`}
                icon={<DeleteOutlined />}
                onClick={() => update({ competitors: entries.filter((_, j) => j !== i) })}
              />
            </Space.Compact>
          </Form.Item>
        ))}
        <Button
          icon={<PlusOutlined />}
          disabled={max === undefined || entries.length >= max}
          onClick={() => update({ competitors: [...entries, { scheme: SCHEMES[0], domain: '' }] })}
          style={{ marginBottom: 24 }}
        >
          Add competitor
        </Button>
        <div>
          <StepButtons onBack={onBack} onNext={submit} />
        </div>
      </Form>
    </div>
  );
}

/** Step 3: keywords to track, comma or newline separated; the first 10 suggestions offered. */
export function KeywordsStep({ values, update, onBack, onNext }: StepProps) {
  const usage = useQuery(keywordUsageQuery);
  const [problem, setProblem] = useState<string | null>(null);
  const suggestions = values.setup?.output?.top_keywords.slice(0, SUGGESTIONS_SHOWN) ?? [];
  const typed = splitKeywords(values.keywords);
  return (
    <div className="wizard-step">
      <Loaded query={usage}>
        {({ keywords_no, max_keywords }) => {
          const allowed = Math.max(0, max_keywords - keywords_no);
          const submit = () => {
            if (splitKeywords(values.keywords).length > allowed)
              setProblem(WEBSITE_MESSAGES.keywordsExceeded);
            else onNext();
          };
          return (
            <Form layout="vertical">
              {values.setup?.notice && suggestions.length === 0 && (
                <Alert type="info" showIcon title={values.setup.notice} style={{ marginBottom: 16 }} />
              )}
              {suggestions.length > 0 && (
                <Form.Item label="Suggested keywords">
                  <Space size={[4, 8]} wrap>
                    {suggestions.map((keyword) => (
                      <Tag.CheckableTag
                        key={keyword}
                        checked={typed.includes(keyword)}
                        onChange={(checked) =>
                          update({
                            keywords: (checked
                              ? [...typed, keyword]
                              : typed.filter((k) => k !== keyword)
                            ).join('\n'),
                          })
                        }
                      >
                        {keyword}
                      </Tag.CheckableTag>
                    ))}
                  </Space>
                </Form.Item>
              )}
              <Form.Item
                label="Keywords to track"
                validateStatus={problem || allowed === 0 ? 'error' : undefined}
                help={
                  allowed === 0
                    ? WEBSITE_MESSAGES.keywordsAtLimit(max_keywords)
                    : (problem ??
                      `One per line or separated by commas; ${allowed} more allowed on your plan.`)
                }
              >
                <Input.TextArea
                  aria-label="Keywords to track"
                  rows={4}
                  disabled={allowed === 0}
                  value={values.keywords}
                  placeholder={'oak tables\nhandmade chairs'}
                  onChange={(event) => {
                    update({ keywords: event.target.value });
                    setProblem(null);
                  }}
                />
              </Form.Item>
              <StepButtons onBack={onBack} onNext={submit} />
            </Form>
          );
        }}
      </Loaded>
    </div>
  );
}

/** Step 4: monitoring regions, one primary and up to max_monitored_regions − 1 more. */
export function RegionsStep({ values, update, plan, onBack, onNext }: StepProps) {
  const regions = useQuery(regionsQuery);
  const max = plan?.max_monitored_regions ?? 1;
  const options = useMemo(
    () =>
      regions.data?.order.map((code) => ({ value: code, label: regions.data.regions[code] ?? code })) ?? [],
    [regions.data],
  );
  return (
    <div className="wizard-step">
      <Loaded query={regions}>
        {() => (
          <Form layout="vertical">
            <Typography.Paragraph type="secondary">
              Where uptime and loading time are measured from.
            </Typography.Paragraph>
            <Form.Item label="Primary region">
              <Select
                aria-label="Primary region"
                value={values.primaryRegion}
                options={options}
                onChange={(primaryRegion: MonitorRegion) => update({ primaryRegion, additionalRegions: [] })}
              />
            </Form.Item>
            {max > 1 && (
              <Form.Item label="Additional regions" help={`Up to ${max - 1} more on your plan.`}>
                <Select
                  aria-label="Additional regions"
                  mode="multiple"
                  maxCount={max - 1}
                  value={values.additionalRegions}
                  options={options.filter((o) => o.value !== values.primaryRegion)}
                  onChange={(additionalRegions: MonitorRegion[]) => update({ additionalRegions })}
                />
              </Form.Item>
            )}
            <StepButtons onBack={onBack} onNext={onNext} nextLabel="Finish" />
          </Form>
        )}
      </Loaded>
    </div>
  );
}
