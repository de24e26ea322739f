import type { ReportStructure, SectionResult } from '@sitelens/contracts';
import { Card, Empty, List, Typography } from 'antd';
import type { ReactNode } from 'react';
import { CheckElement } from './check-element';
import { ReportSidebar } from './report-sidebar';
import { type CheckOutcome, fetchedResults, reportCategories, scoreOf } from './report-status';
import { type ReportCounts, ReportSummary } from './report-summary';
import './report.css';

export interface ReportLayoutProps {
  structure: ReportStructure;
  /** Keys of the report's checks; the structure's other checks are left out. */
  sections: readonly string[];
  /** Each check's outcome by key; a key without one is still loading. */
  results: Readonly<Record<string, CheckOutcome | undefined>>;
  /** The URL the report is about, the summary's heading. */
  url: string;
  createdAt: string;
  score: number;
  counts: ReportCounts;
  /** 0 to 100: below 100 the summary shows progress and the buttons' owner disables them. Default 100. */
  progress?: number;
  /** The checks to fix first, most relevant first. */
  fixes: readonly { section_key: string; recommendation: string }[];
  /** Above the summary card (a screen's title and back link). */
  header?: ReactNode;
  /** The summary card's buttons. */
  actions?: ReactNode;
  /** Content under a check's message. */
  checkExtra?: (key: string, result: SectionResult) => ReactNode;
  /** Cards after the categories. */
  children?: ReactNode;
}

/**
 * A report of checks (the SEO Checkup's, Deep Analysis' URL and domain reports): the sidebar of
 * categories, the summary card, 'Issues to fix' and one card per category with one element per
 * check, each reachable by its anchor.
 */
export function ReportLayout({
  structure,
  sections,
  results,
  url,
  createdAt,
  score,
  counts,
  progress = 100,
  fixes,
  header,
  actions,
  checkExtra,
  children,
}: ReportLayoutProps) {
  const categories = reportCategories(structure, sections);
  const categoryScore = (keys: readonly string[]) => scoreOf(fetchedResults(keys.map((k) => results[k])));
  const categoryScores = categories.map((category) => ({
    key: category.key,
    title: category.title,
    score: categoryScore(category.sections.map((s) => s.key)),
  }));
  const titleOf = new Map(
    structure.categories.flatMap((c) => c.sections.map((s) => [s.key, s.title ?? s.key])),
  );

  return (
    <div className="report-page">
      <ReportSidebar categories={categories} results={results} />
      <div className="report-main">
        {header}
        <ReportSummary
          url={url}
          createdAt={createdAt}
          score={score}
          progress={progress}
          counts={counts}
          categoryScores={categoryScores}
          actions={actions}
        />

        <Card title="Issues to fix" className="report-fixes">
          {fixes.length === 0 ? (
            <Empty description={progress < 100 ? 'Waiting for results…' : 'Nothing important to fix.'} />
          ) : (
            <List
              dataSource={[...fixes]}
              renderItem={(fix) => (
                <List.Item>
                  <a href={`#${fix.section_key}`}>{titleOf.get(fix.section_key) ?? fix.section_key}</a>
                  <Typography.Text type="secondary"> — {fix.recommendation}</Typography.Text>
                </List.Item>
              )}
            />
          )}
        </Card>

        {categories.map((category, index) => (
          <Card
            key={category.key}
            id={`category-${category.key}`}
            title={category.title}
            extra={<Typography.Text strong>{categoryScores[index]!.score}</Typography.Text>}
            className="report-category"
          >
            {category.sections.map((section) => {
              const outcome = results[section.key];
              return (
                <CheckElement
                  key={section.key}
                  sectionKey={section.key}
                  title={section.title ?? section.key}
                  outcome={outcome}
                  extra={
                    outcome && outcome !== 'failed' ? checkExtra?.(section.key, outcome.result) : undefined
                  }
                />
              );
            })}
          </Card>
        ))}

        {children}
      </div>
    </div>
  );
}
