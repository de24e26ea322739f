import type { ReportStructure, SectionResult } from '@sitelens/contracts';
import { Card, Empty, List, Typography } from 'antd';
import { type ReactNode, useEffect, useEffectEvent, useState } from 'react';
import { ReportCategoryCard } from './report-category';
import { ReportSidebar } from './report-sidebar';
import {
  type CheckOutcome,
  fetchedResults,
  type ReportCategory,
  reportCategories,
  scoreOf,
} from './report-status';
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
  /** How many passed checks a category shows before a toggle shows them all; unset, all of them. */
  passedShown?: number;
  /** Cards after the categories. */
  children?: ReactNode;
}

/**
 * A report of checks (the SEO Checkup's, Deep Analysis' URL and domain reports): the sidebar of
 * categories, the summary card, 'Issues to fix' and one card per category with one element per
 * check, each reachable by its anchor. Each category folds under its heading.
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
  passedShown,
  children,
}: ReportLayoutProps) {
  const categories = reportCategories(structure, sections);
  const categoryScore = (keys: readonly string[]) => scoreOf(fetchedResults(keys.map((k) => results[k])));
  const categoryScores = categories.map((category) => ({
    key: category.key,
    title: category.title,
    score: categoryScore(category.sections.map((s) => s.key)),
  }));
  const { folded, setOpen, allPassed, setAllPassed } = useFolds(categories, results, passedShown);
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
          <ReportCategoryCard
            key={category.key}
            category={category}
            score={categoryScores[index]!.score}
            results={results}
            checkExtra={checkExtra}
            passedShown={passedShown}
            open={!folded.has(category.key)}
            onOpenChange={(open) => setOpen(category.key, open)}
            allPassed={allPassed.has(category.key)}
            onAllPassedChange={(all) => setAllPassed(category.key, all)}
          />
        ))}

        {children}
      </div>
    </div>
  );
}

const toggled = (set: ReadonlySet<string>, key: string, on: boolean) => {
  const next = new Set(set);
  if (on) next.add(key);
  else next.delete(key);
  return next;
};

/**
 * Where a check or category named in the address sits: its category, and whether it is a passed
 * check that may wait behind the toggle (one not in yet may turn out passed).
 */
function locate(
  categories: readonly ReportCategory[],
  results: Readonly<Record<string, CheckOutcome | undefined>>,
  target: string,
) {
  const category = categories.find(
    (c) => `category-${c.key}` === target || c.sections.some((s) => s.key === target),
  );
  if (!category) return null;
  const outcome = results[target];
  const passed =
    `category-${category.key}` !== target &&
    (outcome === undefined || (outcome !== 'failed' && outcome.result.status === 'passed'));
  return { key: category.key, passed };
}

/**
 * Which categories are folded and which show all their passed checks. A check or category named in
 * the address (on arrival, or by a link such as 'Issues to fix' or the sidebar's) is unfolded and
 * shown, then scrolled to: while hidden, the browser's own jump found nothing.
 */
function useFolds(
  categories: readonly ReportCategory[],
  results: Readonly<Record<string, CheckOutcome | undefined>>,
  passedShown: number | undefined,
) {
  const [folded, setFolded] = useState<ReadonlySet<string>>(() => new Set());
  const [allPassed, setAllPassed] = useState<ReadonlySet<string>>(() => {
    const target = locate(categories, results, hashTarget());
    return new Set(target?.passed && passedShown !== undefined ? [target.key] : []);
  });
  const [scrollTarget, setScrollTarget] = useState<string | null>(null);

  const onHashChange = useEffectEvent(() => {
    const hash = hashTarget();
    const target = locate(categories, results, hash);
    if (!target) return;
    setFolded((set) => toggled(set, target.key, false));
    if (target.passed && passedShown !== undefined) setAllPassed((set) => toggled(set, target.key, true));
    setScrollTarget(hash);
  });
  useEffect(() => {
    window.addEventListener('hashchange', onHashChange);
    return () => window.removeEventListener('hashchange', onHashChange);
  }, []);
  useEffect(() => {
    if (!scrollTarget) return;
    document.getElementById(scrollTarget)?.scrollIntoView?.({ block: 'start' });
    setScrollTarget(null);
  }, [scrollTarget]);

  return {
    folded,
    setOpen: (key: string, open: boolean) => setFolded((set) => toggled(set, key, !open)),
    allPassed,
    setAllPassed: (key: string, all: boolean) => setAllPassed((set) => toggled(set, key, all)),
  };
}

function hashTarget(): string {
  try {
    return decodeURIComponent(window.location.hash.slice(1));
  } catch {
    return '';
  }
}
