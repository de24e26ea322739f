import {
  AI_ANALYSIS_MESSAGES,
  type SearchPrompt,
  type SpreadFigure,
  shareOfVoiceStatus,
  type TopWebsite,
  type VisibilityOutput,
} from '@sitelens/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Collapse, Progress, Tag, Typography } from 'antd';
import { DomainName, type ResponsiveColumn, ResponsiveTable } from '../../components/responsive-table';
import { STATUS } from '../report/report-status';
import { type SelectedWebsite, SelectedWebsiteGate } from '../websites/selected-website-gate';
import { ServerErrorAlert } from '../websites/server-error-alert';
import { llmStatusQuery, useAiProcess } from './ai-analysis.queries';
import {
  AiCard,
  AnalysisHeader,
  cardState,
  FailedAnalysisAlert,
  figure,
  OutsideLink,
  plural,
  shownOutput,
} from './ai-analysis-parts';

export const VISIBILITY_MESSAGES = {
  title: 'LLM Visibility Analysis',
  questions: 'Top questions',
  score: 'Your LLM Visibility Score',
  topWebsites: 'Top websites',
  noData: 'No data available yet',
  noWebsite:
    'You do not track any website yet. Add one on the dashboard to see how language models cite it here.',
  visibility: 'Visibility score',
  visibilityColumn: 'Visibility',
  shareOfVoice: 'Share of voice',
  competitorRange: 'Competitor range',
  yourWebsite: 'Your website',
  allAnswers: 'All answers',
  other: 'Other',
  domain: 'Domain',
  niche: (niche: string) => `Industry niche: ${niche}`,
  samples: (samples: number, models: string[]) =>
    `${plural(samples, 'sample')} per question from ${models.join(', ')}`,
  cited: (cited: number, answers: number) => `Cited in ${cited} of ${plural(answers, 'answer')}`,
  spread: (spread: SpreadFigure, samples: number) =>
    `${figure(spread.min)}–${figure(spread.max)} across ${plural(samples, 'sample')}`,
} as const;
const messages = VISIBILITY_MESSAGES;

/** Spec 9: domain tables show the top 10 domains and group the rest as 'Other'. */
export const TOP_DOMAINS = 10;

/**
 * /llm-visibility-analysis[?w_guid=]: how often language models cite the selected website in their
 * answers to its niche's top questions, against the other websites they cite (spec 2.6).
 */
export function VisibilityAnalysisScreen() {
  return (
    <div className="ai-page">
      <SelectedWebsiteGate noWebsite={messages.noWebsite}>
        {(selected) => <WebsiteVisibility key={selected.website.guid} {...selected} />}
      </SelectedWebsiteGate>
    </div>
  );
}

function WebsiteVisibility(selected: SelectedWebsite) {
  const process = useAiProcess('visibility-analysis', selected.website.domain);
  const llm = useQuery(llmStatusQuery);
  const notConfigured = llm.data?.configured === false;
  const { analysis } = process;
  const state = cardState(process);
  const { failed, error, output } = shownOutput(analysis);

  return (
    <>
      <AnalysisHeader
        title={messages.title}
        selected={selected}
        madeAt={analysis ? (analysis.finished_at ?? analysis.c_at) : null}
        state={state}
        starting={process.isStarting}
        canStart={!notConfigured}
        startError={process.startError}
        onRefresh={process.refresh}
      >
        {output && state === 'ready' && (
          <>
            <Typography.Text>{messages.niche(output.industry_niche)}</Typography.Text>
            {output.engines.length > 0 && (
              <Typography.Text type="secondary">
                {messages.samples(
                  output.samples,
                  output.engines.map((engine) => engine.model),
                )}
              </Typography.Text>
            )}
          </>
        )}
      </AnalysisHeader>
      {notConfigured && (
        <Alert
          type="warning"
          showIcon
          title={AI_ANALYSIS_MESSAGES.llmNotConfigured}
          description={AI_ANALYSIS_MESSAGES.llmHowToConfigure}
        />
      )}
      {state === 'ready' && process.error ? (
        <ServerErrorAlert error={process.error} />
      ) : (
        <>
          {state === 'ready' && failed && <FailedAnalysisAlert error={error} />}
          <div className="ai-layout">
            <div className="ai-main">
              <AiCard title={messages.questions} state={state} empty={messages.noData}>
                {output && output.search_prompts.length > 0 ? <Questions output={output} /> : null}
              </AiCard>
            </div>
            <div className="ai-side">
              <AiCard title={messages.score} state={state} empty={messages.noData}>
                {output ? <VisibilityScore output={output} /> : null}
              </AiCard>
              <AiCard title={messages.topWebsites} state={state} empty={messages.noData}>
                {output && output.top_websites.length > 0 ? <TopWebsites output={output} /> : null}
              </AiCard>
            </div>
          </div>
        </>
      )}
    </>
  );
}

/** Whether a cited domain is the target's (its `www.` or another subdomain counts as the target). */
export function isTargetDomain(domain: string, target: string): boolean {
  const bare = (value: string) => value.toLowerCase().replace(/^www\./, '');
  const cited = bare(domain);
  const own = bare(target);
  return cited === own || cited.endsWith(`.${own}`);
}

function Questions({ output }: { output: VisibilityOutput }) {
  return (
    <ol className="ai-list ai-prompts">
      {output.search_prompts.map((prompt) => (
        <li key={prompt.query}>
          <Question prompt={prompt} target={output.target_domain} />
        </li>
      ))}
    </ol>
  );
}

function Question({ prompt, target }: { prompt: SearchPrompt; target: string }) {
  const answers = prompt.answers.length;
  return (
    <article className="ai-prompt" aria-label={prompt.query}>
      <Typography.Title level={2} className="ai-subtitle ai-text">
        {prompt.query}
      </Typography.Title>
      <div>
        <Tag color={prompt.target_cited > 0 ? 'green' : 'default'}>
          {messages.cited(prompt.target_cited, answers)}
        </Tag>
      </div>
      {/* The model's words as text: never HTML, line breaks kept. */}
      <div className="ai-answer ai-text">{prompt.query_response}</div>
      {prompt.results.length > 0 && (
        <ul className="ai-list ai-citations">
          {prompt.results.map((result) => {
            const own = isTargetDomain(result.domain, target);
            return (
              <li key={result.url} className={own ? 'ai-citation ai-citation-target' : 'ai-citation'}>
                <OutsideLink url={result.url}>{result.title || result.url}</OutsideLink>
                <div className="ai-citation-meta">
                  <Typography.Text type="secondary" className="ai-url">
                    {result.domain}
                  </Typography.Text>
                  <Typography.Text type="secondary">{plural(result.answers, 'answer')}</Typography.Text>
                  {own && <Tag color="blue">{messages.yourWebsite}</Tag>}
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {answers > 0 && (
        <Collapse
          size="small"
          items={[
            {
              key: 'answers',
              label: `${messages.allAnswers} (${answers})`,
              children: (
                <ol className="ai-list ai-all-answers">
                  {prompt.answers.map((answer) => (
                    <li key={`${answer.engine}-${answer.sample}`} className="ai-fact">
                      <Typography.Text strong>
                        {answer.engine}, sample {answer.sample}
                      </Typography.Text>
                      <div className="ai-answer ai-text">{answer.response}</div>
                      {answer.results.length > 0 && (
                        <ul className="ai-bullets">
                          {answer.results.map((result) => (
                            <li key={result.url}>
                              <OutsideLink url={result.url}>{result.title || result.url}</OutsideLink>
                            </li>
                          ))}
                        </ul>
                      )}
                    </li>
                  ))}
                </ol>
              ),
            },
          ]}
        />
      )}
    </article>
  );
}

/** The top website's share of voice: what the target's is measured against (spec 9). */
const topShare = (websites: TopWebsite[]) => Math.max(0, ...websites.map((w) => w.share_of_voice));

function VisibilityScore({ output }: { output: VisibilityOutput }) {
  const { visibility_score, share_of_voice, competitor_range, samples } = output;
  const status = shareOfVoiceStatus(share_of_voice.value, topShare(output.top_websites));
  const look = STATUS[status];
  return (
    <div className="ai-stack">
      <div className="ai-gauge">
        <Progress
          type="dashboard"
          percent={visibility_score.value}
          format={() => figure(visibility_score.value)}
          aria-label={`${messages.visibility}: ${figure(visibility_score.value)}`}
        />
        <Typography.Text type="secondary">{messages.visibility}</Typography.Text>
        <Typography.Text type="secondary">{messages.spread(visibility_score, samples)}</Typography.Text>
      </div>
      <section className="ai-fact" aria-label={messages.shareOfVoice}>
        <Typography.Text strong>{messages.shareOfVoice}</Typography.Text>
        <span className={`ai-sov ai-sov-${status}`} style={{ color: look.color }}>
          <span role="img" aria-label={look.label} className="ai-sov-icon">
            {look.icon}
          </span>
          {figure(share_of_voice.value)}%
        </span>
        <Typography.Text type="secondary">{messages.spread(share_of_voice, samples)}</Typography.Text>
      </section>
      <section className="ai-fact" aria-label={messages.competitorRange}>
        <Typography.Text strong>{messages.competitorRange}</Typography.Text>
        <Typography.Text>
          {competitor_range ? `${figure(competitor_range.min)}–${figure(competitor_range.max)}` : '-'}
        </Typography.Text>
      </section>
    </div>
  );
}

/** A row of the top websites table; 'Other' has no visibility score of its own. */
export interface TopWebsiteRow {
  domain: string;
  visibility: SpreadFigure | null;
  /** The share of voice; 'Other' sums its domains' and has no spread. */
  share: SpreadFigure | { value: number; min?: undefined; max?: undefined };
  isTarget: boolean;
}

/**
 * The top 10 domains by share of voice, the target's row too when it is not among them, and the
 * rest summed as 'Other' (spec 9).
 */
export function topWebsiteRows(websites: TopWebsite[]): TopWebsiteRow[] {
  const sorted = [...websites].sort((a, b) => b.share_of_voice - a.share_of_voice);
  const shown = sorted.filter((w, i) => i < TOP_DOMAINS || w.is_target);
  const rest = sorted.filter((w) => !shown.includes(w));
  const rows: TopWebsiteRow[] = shown.map((w) => ({
    domain: w.domain,
    visibility: { ...w.visibility_spread, value: w.visibility_score },
    share: { ...w.share_of_voice_spread, value: w.share_of_voice },
    isTarget: w.is_target,
  }));
  if (rest.length === 0) return rows;
  const share = rest.reduce((total, w) => total + w.share_of_voice, 0);
  return [...rows, { domain: messages.other, visibility: null, share: { value: share }, isTarget: false }];
}

function Spread({ spread, unit = '' }: { spread: TopWebsiteRow['share']; unit?: string }) {
  return (
    <div className="ai-spread-cell">
      <span>
        {figure(spread.value)}
        {unit}
      </span>
      {spread.min !== undefined && (
        <Typography.Text type="secondary" className="ai-spread">
          {figure(spread.min)}–{figure(spread.max)}
          {unit}
        </Typography.Text>
      )}
    </div>
  );
}

// Every column is a key one: the domain and its two figures are the table.
const COLUMNS: ResponsiveColumn<TopWebsiteRow>[] = [
  {
    title: messages.domain,
    key: 'domain',
    width: 180,
    narrowWidth: 120,
    priority: 'key',
    render: (_, row) => (
      <div className="ai-fact">
        <DomainName domain={row.domain} />
        {row.isTarget && (
          <span>
            <Tag color="blue">{messages.yourWebsite}</Tag>
          </span>
        )}
      </div>
    ),
  },
  {
    title: messages.visibilityColumn,
    key: 'visibility',
    align: 'right',
    width: 96,
    narrowWidth: 80,
    priority: 'key',
    render: (_, row) => (row.visibility ? <Spread spread={row.visibility} /> : '-'),
  },
  {
    title: messages.shareOfVoice,
    key: 'share',
    align: 'right',
    width: 96,
    narrowWidth: 80,
    priority: 'key',
    render: (_, row) => <Spread spread={row.share} unit="%" />,
  },
];

function TopWebsites({ output }: { output: VisibilityOutput }) {
  return (
    <ResponsiveTable<TopWebsiteRow>
      className="ai-table"
      size="small"
      rowKey="domain"
      columns={COLUMNS}
      dataSource={topWebsiteRows(output.top_websites)}
      pagination={false}
      rowClassName={(row) => (row.isTarget ? 'ai-row-target' : '')}
    />
  );
}
