import { CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons';
import {
  AI_ANALYSIS_MESSAGES,
  type CompetitorContent,
  type ContentAnalysisOutput,
  type ContentEffectiveness,
  type ContentTrust,
  type FindingType,
  SCORE_BANDS,
  scoreColor,
  TRUST_WEIGHTS,
  type TrustMetricKey,
  type TrustSignal,
  trustBand,
  type WebsiteProfile,
} from '@sitelens/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Progress, Tag, Typography } from 'antd';
import { type SelectedWebsite, SelectedWebsiteGate } from '../websites/selected-website-gate';
import { ServerErrorAlert } from '../websites/server-error-alert';
import { llmStatusQuery, useAiProcess } from './ai-analysis.queries';
import {
  AiCard,
  AnalysisHeader,
  ComputedTag,
  cardState,
  FailedAnalysisAlert,
  figure,
  OutsideLink,
  shownOutput,
} from './ai-analysis-parts';

const messages = {
  title: 'AI Content Analysis',
  context: 'Domain Business Context',
  effectiveness: 'AI Content Effectiveness Report',
  competitors: 'Competitor Content Insights',
  trust: 'AI Content Trust',
  noWebsite: 'You do not track any website yet. Add one on the dashboard to analyze its content here.',
  targetAudience: 'Target audience',
  industryNiche: 'Industry niche',
  opportunities: 'Content opportunities',
  strengths: 'Strengths',
  weaknesses: 'Weaknesses',
  competitorTrust: 'Content trust score',
  trustScore: 'Content Trust Score',
  improvements: 'Improvements',
  signals: 'Trust signals',
  readability: (score: number) => `Readability (Flesch): ${Math.round(score)}`,
} as const;

/** The trust metrics in the order and with the weights of spec 9. */
const METRICS: { key: TrustMetricKey; label: string }[] = [
  { key: 'topical_relevance', label: 'Topical relevance' },
  { key: 'subject_expertise', label: 'Subject expertise' },
  { key: 'credibility', label: 'Credibility' },
];

const FINDING_COLOR: Record<FindingType, string> = { STRENGTH: 'green', WARNING: 'orange', WEAKNESS: 'red' };

/** A trust score in its band's colour (spec 9: under 50 red, 50 to 79 amber, 80 and up green). */
const trustColor = (score: number) => SCORE_BANDS[trustBand(score)].color;

/**
 * /ai-content-analysis[?w_guid=]: the selected website's content judged (spec 2.5): business
 * context, content effectiveness, competitors' content and the Content Trust Score, with 'Refresh
 * analysis' and the process polled every 10 s while it runs (spec 4).
 */
export function ContentAnalysisScreen() {
  return (
    <div className="ai-page">
      <SelectedWebsiteGate noWebsite={messages.noWebsite}>
        {(selected) => <WebsiteContentAnalysis key={selected.website.guid} {...selected} />}
      </SelectedWebsiteGate>
    </div>
  );
}

function WebsiteContentAnalysis(selected: SelectedWebsite) {
  const process = useAiProcess('content-analysis', selected.website.domain);
  const { analysis } = process;
  const state = cardState(process);
  const { failed, error, output } = shownOutput(analysis);
  const computed = output?.method === 'computed';
  // Said before the first run too: what this install measures without a model, and how to add one.
  const withoutLlm = useQuery(llmStatusQuery).data?.configured === false;

  return (
    <>
      <AnalysisHeader
        title={messages.title}
        selected={selected}
        madeAt={analysis ? (analysis.finished_at ?? analysis.c_at) : null}
        state={state}
        starting={process.isStarting}
        startError={process.startError}
        onRefresh={process.refresh}
      >
        {computed && state === 'ready' && <ComputedTag />}
        {withoutLlm ? (
          <Alert
            type="info"
            showIcon
            className="ai-without-llm"
            title={AI_ANALYSIS_MESSAGES.contentWithoutLlm}
            description={AI_ANALYSIS_MESSAGES.llmHowToConfigure}
          />
        ) : (
          computed &&
          state === 'ready' && (
            <Typography.Text type="secondary" className="ai-how-to">
              {AI_ANALYSIS_MESSAGES.llmHowToConfigure}
            </Typography.Text>
          )
        )}
      </AnalysisHeader>
      {state === 'ready' && process.error ? (
        <ServerErrorAlert error={process.error} />
      ) : (
        <>
          {state === 'ready' && failed && <FailedAnalysisAlert error={error} />}
          <div className="ai-layout">
            <div className="ai-main">
              <AiCard title={messages.context} state={state} empty={AI_ANALYSIS_MESSAGES.noContext}>
                {output?.website_profile ? <BusinessContext profile={output.website_profile} /> : null}
              </AiCard>
              <AiCard
                title={messages.effectiveness}
                state={state}
                empty={AI_ANALYSIS_MESSAGES.noEffectiveness}
              >
                {output?.content_effectiveness ? (
                  <Effectiveness report={output.content_effectiveness} />
                ) : null}
              </AiCard>
              <AiCard title={messages.competitors} state={state} empty={AI_ANALYSIS_MESSAGES.noCompetitors}>
                {output?.competitor_content ? <Competitors insights={output.competitor_content} /> : null}
              </AiCard>
            </div>
            <div className="ai-side ai-side-sticky">
              <AiCard title={messages.trust} state={state} empty={AI_ANALYSIS_MESSAGES.noTrust}>
                {output && (output.content_trust || hasSignals(output)) ? <Trust output={output} /> : null}
              </AiCard>
            </div>
          </div>
        </>
      )}
    </>
  );
}

const hasSignals = (output: ContentAnalysisOutput) =>
  output.signals.trust_signals.length > 0 || output.signals.readability !== null;

function BusinessContext({ profile }: { profile: WebsiteProfile }) {
  return (
    <div className="ai-stack">
      <Typography.Paragraph className="ai-text">{profile.domain_description}</Typography.Paragraph>
      <section className="ai-fact">
        <Typography.Text strong>{messages.targetAudience}</Typography.Text>
        <Typography.Paragraph className="ai-text">{profile.target_audience}</Typography.Paragraph>
      </section>
      <section className="ai-fact">
        <Typography.Text strong>{messages.industryNiche}</Typography.Text>
        <Typography.Text>{profile.industry_niche.name}</Typography.Text>
        <Typography.Paragraph type="secondary" className="ai-text">
          {profile.industry_niche.description}
        </Typography.Paragraph>
      </section>
    </div>
  );
}

function Effectiveness({ report }: { report: ContentEffectiveness }) {
  return (
    <div className="ai-stack">
      <Typography.Paragraph className="ai-text">{report.summary}</Typography.Paragraph>
      <ul className="ai-list ai-questions">
        {report.analysis.map((item) => (
          <li key={item.question} className="ai-question-score">
            <div className="ai-row">
              <Typography.Text strong className="ai-text">
                {item.question}
              </Typography.Text>
              {/* Out of 10 in the score colours: 7.5 and up green, 5 and up amber, else red. */}
              <Typography.Text strong className="ai-score" style={{ color: scoreColor(item.score * 10) }}>
                {figure(item.score)}/10
              </Typography.Text>
            </div>
            <ul className="ai-list">
              {item.findings.map((finding, i) => (
                // Findings have no key of their own; their order is the model's.
                // biome-ignore lint/suspicious/noArrayIndexKey: a finding's text may repeat
                <li key={i} className="ai-finding">
                  <Tag color={FINDING_COLOR[finding.type]}>{finding.type}</Tag>
                  <span className="ai-text">{finding.content}</span>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
      {report.content_opportunities.length > 0 && (
        <section className="ai-stack">
          <Typography.Title level={2} className="ai-subtitle">
            {messages.opportunities}
          </Typography.Title>
          <ul className="ai-list">
            {report.content_opportunities.map((opportunity) => (
              <li key={opportunity.title} className="ai-fact">
                <Typography.Text strong>{opportunity.title}</Typography.Text>
                <Typography.Text className="ai-text">{opportunity.description}</Typography.Text>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

function Competitors({ insights }: { insights: CompetitorContent }) {
  return (
    <div className="ai-stack">
      <Typography.Paragraph className="ai-text">{insights.summary}</Typography.Paragraph>
      {insights.sections.map(({ competitor, strengths, weaknesses, content_trust_score }) => (
        <section key={competitor.domain} className="ai-competitor" aria-label={competitor.name}>
          <div className="ai-row">
            <div className="ai-fact">
              <Typography.Title level={2} className="ai-subtitle">
                {competitor.name}
              </Typography.Title>
              <OutsideLink url={competitor.url}>{competitor.domain}</OutsideLink>
            </div>
            <Typography.Text className="ai-competitor-trust">
              {messages.competitorTrust}:{' '}
              <strong style={{ color: trustColor(content_trust_score) }}>
                {figure(content_trust_score)}
              </strong>
            </Typography.Text>
          </div>
          <div className="ai-columns">
            <TextList title={messages.strengths} items={strengths} />
            <TextList title={messages.weaknesses} items={weaknesses} />
          </div>
        </section>
      ))}
    </div>
  );
}

function TextList({ title, items }: { title: string; items: string[] }) {
  if (items.length === 0) return null;
  return (
    <div className="ai-fact">
      <Typography.Text strong>{title}</Typography.Text>
      <ul className="ai-bullets">
        {items.map((item) => (
          <li key={item} className="ai-text">
            {item}
          </li>
        ))}
      </ul>
    </div>
  );
}

function Trust({ output }: { output: ContentAnalysisOutput }) {
  const trust = output.content_trust;
  const { trust_signals, readability } = output.signals;
  return (
    <div className="ai-stack">
      {/* In the card's body, not its title bar, where the tag would squeeze the title on a narrow card. */}
      {output.method === 'computed' && (
        <div>
          <ComputedTag />
        </div>
      )}
      {trust ? (
        <TrustScore trust={trust} />
      ) : (
        <Typography.Text>{AI_ANALYSIS_MESSAGES.noTrust}</Typography.Text>
      )}
      {trust_signals.length > 0 && <TrustSignals signals={trust_signals} />}
      {readability !== null && <Typography.Text>{messages.readability(readability)}</Typography.Text>}
    </div>
  );
}

function TrustScore({ trust }: { trust: ContentTrust }) {
  const color = trustColor(trust.trust_score);
  return (
    <>
      <div className="ai-gauge">
        <Progress
          type="dashboard"
          percent={trust.trust_score}
          strokeColor={color}
          format={() => figure(trust.trust_score)}
          aria-label={`${messages.trustScore}: ${figure(trust.trust_score)}`}
        />
        <Typography.Text type="secondary">{messages.trustScore}</Typography.Text>
      </div>
      <ul className="ai-list">
        {METRICS.map(({ key, label }) => {
          const metric = trust.trust_metrics[key];
          return (
            <li key={key} className="ai-fact ai-metric" aria-label={label}>
              <div className="ai-row">
                <Typography.Text strong>
                  {label} <Typography.Text type="secondary">({TRUST_WEIGHTS[key] * 100}%)</Typography.Text>
                </Typography.Text>
                <Typography.Text strong>{figure(metric.value)}</Typography.Text>
              </div>
              <Progress
                percent={metric.value}
                showInfo={false}
                size="small"
                strokeColor={trustColor(metric.value)}
              />
              <Typography.Text type="secondary" className="ai-text">
                {metric.description}
              </Typography.Text>
            </li>
          );
        })}
      </ul>
      <Typography.Paragraph className="ai-text">{trust.summary}</Typography.Paragraph>
      {trust.improvements.length > 0 && <TextList title={messages.improvements} items={trust.improvements} />}
    </>
  );
}

function TrustSignals({ signals }: { signals: TrustSignal[] }) {
  return (
    <section className="ai-fact" aria-label={messages.signals}>
      <Typography.Text strong>{messages.signals}</Typography.Text>
      <ul className="ai-list ai-signals">
        {signals.map((signal) => (
          <li key={signal.key} className={`ai-signal ai-signal-${signal.found ? 'found' : 'missing'}`}>
            {signal.found ? (
              <CheckCircleFilled className="ai-signal-icon" aria-label="Found" role="img" />
            ) : (
              <CloseCircleFilled className="ai-signal-icon" aria-label="Missing" role="img" />
            )}
            <div className="ai-fact">
              <Typography.Text>{signal.label}</Typography.Text>
              {signal.detail && (
                <Typography.Text type="secondary" className="ai-text ai-url">
                  {signal.detail}
                </Typography.Text>
              )}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
