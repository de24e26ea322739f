import {
  CHECKUP_MESSAGES,
  formatDate,
  formatTime,
  isCheckupUrl,
  MESSAGES,
  type OverviewRow,
  type StartReportBody,
  type StartReportReply,
  scoreColor,
  type Website,
} from '@sitelens/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Collapse,
  DatePicker,
  Empty,
  Form,
  Input,
  Select,
  Skeleton,
  Space,
  TreeSelect,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { errorText, fieldErrors, RequestError, request } from '../../api/client';
import { ScoreProgressChart } from '../../components/charts/score-progress-chart';
import { type ResponsiveColumn, ResponsiveTable } from '../../components/responsive-table';
import { useToast } from '../../components/use-toast';
import { subscriptionQuery } from '../sales/sales.queries';
import { SCHEMES, splitUrl } from '../websites/competitor-url';
import { settingsPath } from '../websites/settings-sections';
import { useSelectedWebsite } from '../websites/use-selected-website';
import {
  competitorOverviewsQuery,
  overviewsQuery,
  reportQuery,
  runningCheckup,
  structureQuery,
} from './checkup.queries';

const FIRST_MONTH = dayjs('2019-01-01');

const TYPED_SCHEME = /^https?:\/\//i;

/** A URL from a scheme choice and what the user typed (which may itself start with a scheme). */
export function buildUrl(scheme: string, domain: string): string {
  const value = domain.trim();
  return TYPED_SCHEME.test(value) ? value : `${scheme}${value}`;
}

/** A bare domain left at the scheme's https:// default: the server may check it over http instead. */
const httpsAssumed = (scheme: string, domain: string) =>
  scheme === SCHEMES[0] && !TYPED_SCHEME.test(domain.trim());

export function NewCheckupScreen() {
  const navigate = useNavigate();
  useEffect(() => {
    const running = runningCheckup.get();
    if (running)
      navigate(`/analysis/report?guid=${running.guid}&url=${encodeURIComponent(running.url)}`, {
        replace: true,
      });
  }, [navigate]);
  const { selected } = useSelectedWebsite();

  return (
    <div className="checkup-page">
      <NewCheckupForm website={selected} />
      <ArchivedReports website={selected} />
    </div>
  );
}

interface FormValues {
  scheme: string;
  domain: string;
  sections: string[];
  competitors: { scheme: string; domain: string }[];
}

/** The form, prefilled from the organization's selected tracked website (its homepage and competitors) when it has one. */
function NewCheckupForm({ website }: { website: Website | undefined }) {
  const navigate = useNavigate();
  const toast = useToast();
  const structure = useQuery(structureQuery);
  const subscription = useQuery(subscriptionQuery);
  const maxCompetitors = Math.max(1, subscription.data?.plan_settings?.max_competitors ?? 1);
  // A plan without checkups, or one whose checkups of this billing period are used up.
  const [planRefusal, setPlanRefusal] = useState<string | null>(null);
  const checkupsInPlan = (subscription.data?.plan_settings?.seo_analysis_limit ?? 1) > 0;
  const gated = planRefusal ?? (checkupsInPlan ? null : MESSAGES.featureNotInPlan);
  const [form] = Form.useForm<FormValues>();

  const treeData = useMemo(
    () =>
      structure.data?.categories.map((category) => ({
        title: category.title,
        value: `category:${category.key}`,
        key: `category:${category.key}`,
        children: category.sections.map((section) => ({
          title: section.title,
          value: section.key,
          key: section.key,
        })),
      })) ?? [],
    [structure.data],
  );
  const allSections = useMemo(
    () => structure.data?.categories.flatMap((c) => c.sections.map((s) => s.key)) ?? [],
    [structure.data],
  );
  useEffect(() => {
    if (allSections.length) form.setFieldValue('sections', allSections);
  }, [allSections, form]);

  const [openPanels, setOpenPanels] = useState<string[]>([]);
  // Once, when the website arrives: later answers (a refetch) must not undo the user's edits, and
  // an input the user has already typed in keeps what they typed.
  const prefilled = useRef(false);
  useEffect(() => {
    if (!website || prefilled.current) return;
    prefilled.current = true;
    const isBlank = (value: string | undefined) => !value?.trim();
    if (isBlank(form.getFieldValue('domain'))) form.setFieldsValue(splitUrl(website.homepage_url));
    website.settings.competitors.forEach((url, i) => {
      if (isBlank(form.getFieldValue(['competitors', i, 'domain'])))
        form.setFieldValue(['competitors', i], splitUrl(url));
    });
    if (website.settings.competitors.length) setOpenPanels(['competitors']);
  }, [website, form]);

  const start = useMutation({
    mutationFn: ({ rows: _rows, ...body }: StartReportBody & { rows: number[] }) =>
      request<StartReportReply>('/report', { method: 'POST', body }),
    onSuccess: ({ guid, url, scheme_note }) => {
      if (scheme_note) toast.info(scheme_note);
      runningCheckup.set({ guid, url });
      navigate(`/analysis/report?guid=${guid}&url=${encodeURIComponent(url)}`);
    },
    onError: async (error, { rows }) => {
      // A field the server names shows on that field; a competitor by the input it came from.
      const onFields = fieldErrors(error).flatMap(({ field, message }) => {
        const [name, index] = field.split('.');
        const row = index === undefined ? undefined : rows[Number(index)];
        const at: ['domain'] | ['sections'] | ['competitors', number, 'domain'] | null =
          name === 'url'
            ? ['domain']
            : name === 'competitors' && row !== undefined
              ? ['competitors', row, 'domain']
              : name === 'sections'
                ? ['sections']
                : null;
        return at ? [{ name: at, errors: [message] }] : [];
      });
      if (onFields.length > 0) {
        if (onFields.some((f) => f.name[0] === 'competitors')) setOpenPanels(['competitors']);
        form.setFields(onFields);
        return;
      }
      const text = await errorText(error);
      if (error instanceof RequestError && error.status === 403) setPlanRefusal(text);
      else toast.error(text);
    },
  });

  const submit = (values: FormValues) => {
    const url = buildUrl(values.scheme, values.domain);
    const main = new URL(url).href;
    // Empty rows are ignored, repeats and the main URL dropped; `rows` remembers each one's input.
    const competitors: string[] = [];
    const assumed: boolean[] = [];
    const rows: number[] = [];
    (values.competitors ?? []).forEach((c, row) => {
      if (!c?.domain?.trim()) return;
      const href = new URL(buildUrl(c.scheme, c.domain)).href;
      if (href === main || competitors.includes(href)) return;
      competitors.push(href);
      assumed.push(httpsAssumed(c.scheme, c.domain));
      rows.push(row);
    });
    const sections = (values.sections ?? []).filter((key) => !key.startsWith('category:'));
    start.mutate({
      url,
      competitors,
      sections,
      https_assumed: httpsAssumed(values.scheme, values.domain),
      competitors_https_assumed: assumed,
      rows,
    });
  };

  const urlRule = (scheme: () => string) => ({
    validator: (_: unknown, value?: string) =>
      !value?.trim() || isCheckupUrl(buildUrl(scheme(), value))
        ? Promise.resolve()
        : Promise.reject(new Error(CHECKUP_MESSAGES.invalidUrl)),
  });

  return (
    <Card title="Perform a new checkup">
      {structure.isError && (
        <Alert type="error" showIcon title={CHECKUP_MESSAGES.structureFailed} style={{ marginBottom: 16 }} />
      )}
      {gated && (
        <Alert
          type="warning"
          showIcon
          title={gated}
          description={<Link to="/subscription/plans">upgrade</Link>}
          style={{ marginBottom: 16 }}
        />
      )}
      <Form<FormValues>
        form={form}
        name="new-checkup"
        layout="vertical"
        // Each competitor row's scheme has its own initial value: the plan's row count comes later.
        initialValues={{ scheme: SCHEMES[0] }}
        onFinish={submit}
      >
        <Form.Item label="Your website" required>
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item name="scheme" noStyle>
              <Select
                aria-label="Scheme"
                style={{ width: 110 }}
                options={SCHEMES.map((s) => ({ value: s, label: s }))}
              />
            </Form.Item>
            <Form.Item
              name="domain"
              noStyle
              rules={[
                { required: true, whitespace: true, message: CHECKUP_MESSAGES.invalidUrl },
                urlRule(() => form.getFieldValue('scheme')),
              ]}
            >
              <Input aria-label="Your website" placeholder="example.com" autoComplete="url" />
            </Form.Item>
          </Space.Compact>
        </Form.Item>
        <Form.Item name="sections" label="Checkup factors">
          {structure.isPending ? (
            <Skeleton.Input active block />
          ) : (
            <TreeSelect
              aria-label="Checkup factors"
              treeData={treeData}
              treeCheckable
              showCheckedStrategy={TreeSelect.SHOW_PARENT}
              maxTagCount={4}
              placeholder="All checks"
              style={{ width: '100%' }}
            />
          )}
        </Form.Item>
        <Collapse
          ghost
          activeKey={openPanels}
          onChange={(keys) => setOpenPanels(keys)}
          items={[
            {
              key: 'competitors',
              label: 'Add competitors (optional)',
              children: Array.from({ length: maxCompetitors }, (_, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of inputs
                <Form.Item key={i} label={`Competitor ${i + 1}`}>
                  <Space.Compact style={{ width: '100%' }}>
                    <Form.Item name={['competitors', i, 'scheme']} noStyle initialValue={SCHEMES[0]}>
                      <Select
                        aria-label={`Competitor ${i + 1} scheme`}
                        style={{ width: 110 }}
                        options={SCHEMES.map((s) => ({ value: s, label: s }))}
                      />
                    </Form.Item>
                    <Form.Item
                      name={['competitors', i, 'domain']}
                      noStyle
                      rules={[urlRule(() => form.getFieldValue(['competitors', i, 'scheme']))]}
                    >
                      <Input aria-label={`Competitor ${i + 1}`} placeholder="competitor.com" />
                    </Form.Item>
                  </Space.Compact>
                </Form.Item>
              )),
            },
          ]}
        />
        <Button
          type="primary"
          htmlType="submit"
          loading={start.isPending}
          disabled={!structure.data || Boolean(gated)}
          style={{ marginTop: 16 }}
        >
          Checkup your SEO
        </Button>
      </Form>
    </Card>
  );
}

const viewLink = (row: OverviewRow) => `/analysis/report?guid=${row.guid}&url=${encodeURIComponent(row.url)}`;

const when = (value: string) => `${formatDate(value)} ${formatTime(value)}`;

// The URL, its score and the link stay; the date and the counts give way on a narrow screen.
const archivedColumns: ResponsiveColumn<OverviewRow>[] = [
  { key: 'date', title: 'Date', dataIndex: 'created_at', width: 170, priority: 2, render: when },
  {
    key: 'url',
    title: 'URL',
    dataIndex: 'url',
    width: 280,
    narrowWidth: 110,
    priority: 'key',
    render: (url: string) => <span className="archived-report-url">{url}</span>,
  },
  {
    key: 'score',
    title: 'Score',
    dataIndex: 'score',
    width: 90,
    narrowWidth: 80,
    priority: 'key',
    render: (score: number) => (
      <Typography.Text strong style={{ color: scoreColor(score) }}>
        {score}
      </Typography.Text>
    ),
  },
  { key: 'passed', title: 'Passed', dataIndex: 'passed', width: 90, priority: 1 },
  { key: 'warning', title: 'Warning', dataIndex: 'warning', width: 90, priority: 1 },
  { key: 'failed', title: 'Failed', dataIndex: 'failed', width: 90, priority: 1 },
  {
    key: 'view',
    title: <span className="visually-hidden">Actions</span>,
    width: 120,
    narrowWidth: 80,
    priority: 'key',
    render: (_: unknown, row: OverviewRow) => <Link to={viewLink(row)}>View report</Link>,
  },
];

function monthRange(month: Dayjs) {
  const end = month.endOf('month').isAfter(dayjs()) ? dayjs() : month.endOf('month');
  return { start_date: month.startOf('month').format('YYYY-MM-DD'), end_date: end.format('YYYY-MM-DD') };
}

function ArchivedReports({ website }: { website: Website | undefined }) {
  const [month, setMonth] = useState(() => dayjs().startOf('month'));
  const range = monthRange(month);
  const rows = useQuery(overviewsQuery(range));
  const latest = rows.data?.[0];
  const latestReport = useQuery({ ...reportQuery(latest?.guid ?? '', latest?.url), enabled: !!latest });
  const competitorUrls = latestReport.data?.competitor_urls ?? [];
  // The link edits the selected website's competitors; without a website, the dashboard adds one.
  const competitorsLink = website ? settingsPath('competitors', website.guid) : '/dashboard';
  const competitorsLabel = (website?.settings.competitors ?? competitorUrls).length
    ? 'Edit competitors'
    : 'Add competitors';
  const competitors = useQuery({
    ...competitorOverviewsQuery(competitorUrls, range),
    enabled: !!latestReport.data,
  });
  return (
    <>
      <Card
        title="SEO Score Progress"
        className="score-progress-card"
        style={{ marginTop: 16 }}
        extra={
          <Space wrap>
            <DatePicker
              picker="month"
              aria-label="Month"
              allowClear={false}
              value={month}
              onChange={(value) => value && setMonth(value.startOf('month'))}
              disabledDate={(date) =>
                date.isBefore(FIRST_MONTH, 'month') || date.isAfter(dayjs().endOf('day'))
              }
            />
            <Link to={competitorsLink}>{competitorsLabel}</Link>
            {latest && <Link to={viewLink(latest)}>View report</Link>}
          </Space>
        }
      >
        {rows.isPending ? (
          <Skeleton active />
        ) : rows.data && rows.data.length > 0 ? (
          <ScoreProgressChart main={rows.data} competitors={competitors.data ?? []} />
        ) : (
          <Empty description={CHECKUP_MESSAGES.archivedEmpty} />
        )}
      </Card>
      <Card title="Archived reports" style={{ marginTop: 16 }} className="archived-reports">
        <ResponsiveTable<OverviewRow>
          rowKey="guid"
          loading={rows.isPending}
          dataSource={rows.data ?? []}
          locale={{ emptyText: <Empty description={CHECKUP_MESSAGES.archivedEmpty} /> }}
          pagination={{ pageSize: 10, hideOnSinglePage: true }}
          columns={archivedColumns}
        />
      </Card>
    </>
  );
}
