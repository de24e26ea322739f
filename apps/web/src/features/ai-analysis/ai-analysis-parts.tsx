import { AI_ANALYSIS_MESSAGES, displayHost, formatDate } from '@sitelens/contracts';
import { Alert, Button, Card, Empty, Skeleton, Spin, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { WebsiteDataCard } from '../seo-data/website-data-card';
import type { SelectedWebsite } from '../websites/selected-website-gate';
import { type AiProcess, startProblem } from './ai-analysis.queries';
import './ai-analysis.css';

// What the AI content and LLM visibility screens share: their cards' states and their header.

/** What a card of an analysis shows: a skeleton, the process under way, or its data (else its empty text). */
export type CardState = 'loading' | 'running' | 'ready';

/** The cards' state: a process under way first, then the first reads; an error is 'ready' (to retry). */
export function cardState(process: AiProcess<unknown>): CardState {
  if (process.running) return 'running';
  return process.isPending && !process.error ? 'loading' : 'ready';
}

/** 'Analysis in progress' with an animated loader, as every card shows it while a process runs. */
export function InProgress() {
  return (
    <div className="ai-in-progress" role="status">
      <Spin />
      <Typography.Text type="secondary">{AI_ANALYSIS_MESSAGES.inProgress}</Typography.Text>
    </div>
  );
}

/** A card of an analysis: its state first, then its data, or `empty` when the analysis has none. */
export function AiCard({
  title,
  state,
  empty,
  extra,
  className,
  children,
}: {
  title: string;
  state: CardState;
  empty: string;
  extra?: ReactNode;
  className?: string;
  /** The card's data; null or false when the analysis has none. */
  children: ReactNode;
}) {
  return (
    <Card
      className={`ai-card ${className ?? ''}`}
      title={title}
      extra={state === 'ready' ? extra : undefined}
    >
      {state === 'loading' ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : state === 'running' ? (
        <InProgress />
      ) : children === null || children === false ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} />
      ) : (
        children
      )}
    </Card>
  );
}

/** The tag a result measured without a language model carries (spec: computed, not judged). */
export function ComputedTag() {
  return (
    <Tag color="gold" className="ai-computed-tag">
      {AI_ANALYSIS_MESSAGES.computedWithoutLlm}
    </Tag>
  );
}

/**
 * The screen's first card: the website selector, the domain, when the shown analysis was made, what
 * `children` add, and 'Refresh analysis' with why the last start failed.
 */
export function AnalysisHeader({
  title,
  selected,
  madeAt,
  state,
  starting,
  canStart = true,
  startError,
  onRefresh,
  children,
}: {
  title: string;
  selected: SelectedWebsite;
  /** When the shown analysis was made; null when none is shown. */
  madeAt: string | null;
  state: CardState;
  starting: boolean;
  canStart?: boolean;
  startError: unknown;
  onRefresh(): void;
  children?: ReactNode;
}) {
  const problem = startError ? startProblem(startError) : null;
  return (
    <WebsiteDataCard title={title} selected={selected}>
      <div className="ai-header">
        <div className="ai-header-facts">
          <Typography.Text strong className="ai-domain">
            {displayHost(selected.website.domain)}
          </Typography.Text>
          {madeAt && (
            <Typography.Text type="secondary">{`Analyzed on ${formatDate(madeAt)}`}</Typography.Text>
          )}
          {children}
        </div>
        <Button
          type="primary"
          className="ai-refresh"
          onClick={onRefresh}
          loading={starting}
          disabled={state !== 'ready' || !canStart}
        >
          Refresh analysis
        </Button>
      </div>
      {state === 'running' && <InProgress />}
      {problem && (
        <Alert
          className="ai-alert"
          type="error"
          showIcon
          title={problem.title}
          description={problem.detail}
        />
      )}
    </WebsiteDataCard>
  );
}

/**
 * What the cards show of an analysis: its output, or none when it failed (its error shows above the
 * cards, which show their empty texts).
 */
export function shownOutput<O extends { error: string | null }>(
  analysis: { status: string; output: O | null } | null,
): { failed: boolean; error: string | null; output: O | null } {
  const failed = analysis !== null && (analysis.status === 'failed' || Boolean(analysis.output?.error));
  return {
    failed,
    error: analysis?.output?.error ?? null,
    output: analysis && !failed ? analysis.output : null,
  };
}

/** A finished analysis that failed: its error above the cards (which show their empty texts). */
export function FailedAnalysisAlert({ error }: { error: string | null }) {
  return <Alert type="error" showIcon title={error ?? AI_ANALYSIS_MESSAGES.llmFailed} />;
}

/** A link only to a web address: a URL from a model's answer could be `javascript:`. */
export function webHref(url: string): string | undefined {
  try {
    const { protocol } = new URL(url);
    return protocol === 'http:' || protocol === 'https:' ? url : undefined;
  } catch {
    return undefined;
  }
}

/** An outside page, opened in a new tab, neither given our address nor our ranking. */
export function OutsideLink({ url, children }: { url: string; children: ReactNode }) {
  const href = webHref(url);
  if (!href) return <span className="ai-url">{children}</span>;
  return (
    <a className="ai-url" href={href} target="_blank" rel="noopener noreferrer nofollow">
      {children}
    </a>
  );
}

/** A figure of 0 to 100 as the screens print it: whole, or with one decimal when it has some. */
export const figure = (value: number) => value.toLocaleString('en-US', { maximumFractionDigits: 1 });

/** 'n things', or '1 thing'. */
export const plural = (count: number, one: string, many = `${one}s`) =>
  `${count} ${count === 1 ? one : many}`;
