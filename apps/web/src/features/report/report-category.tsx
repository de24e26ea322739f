import { RightOutlined } from '@ant-design/icons';
import type { SectionResult } from '@sitelens/contracts';
import { Button, Card, Typography } from 'antd';
import type { ReactNode } from 'react';
import { CheckElement } from './check-element';
import type { CheckOutcome, ReportCategory } from './report-status';

const messages = {
  showAllPassed: (count: number) => `Show all ${count} passed checks`,
  showFewerPassed: 'Show fewer passed checks',
};

const isPassed = (outcome: CheckOutcome | undefined) =>
  outcome !== undefined && outcome !== 'failed' && outcome.result.status === 'passed';

/**
 * The checks a category shows: all of them in report order; or, with `passedShown`, its other
 * checks first and then only that many passed ones, unless `allPassed`.
 */
export function shownChecks(
  category: ReportCategory,
  results: Readonly<Record<string, CheckOutcome | undefined>>,
  passedShown: number | undefined,
  allPassed: boolean,
) {
  const sections = category.sections;
  if (passedShown === undefined) return { shown: sections, passed: 0 };
  const passed = sections.filter((s) => isPassed(results[s.key]));
  const others = sections.filter((s) => !isPassed(results[s.key]));
  return {
    shown: [...others, ...(allPassed ? passed : passed.slice(0, passedShown))],
    passed: passed.length,
  };
}

/**
 * One category of a report as a card: its heading is a button that folds it, and with
 * `passedShown` its passed checks past that many wait behind a toggle: a long report stays short.
 */
export function ReportCategoryCard({
  category,
  score,
  results,
  checkExtra,
  passedShown,
  open,
  onOpenChange,
  allPassed,
  onAllPassedChange,
}: {
  category: ReportCategory;
  score: number;
  results: Readonly<Record<string, CheckOutcome | undefined>>;
  checkExtra?: (key: string, result: SectionResult) => ReactNode;
  passedShown?: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  allPassed: boolean;
  onAllPassedChange: (all: boolean) => void;
}) {
  const { shown, passed } = shownChecks(category, results, passedShown, allPassed);
  const bodyId = `category-${category.key}-checks`;
  return (
    <Card
      id={`category-${category.key}`}
      title={
        <button
          type="button"
          className="report-category-fold"
          aria-expanded={open}
          aria-controls={open ? bodyId : undefined}
          onClick={() => onOpenChange(!open)}
        >
          <RightOutlined aria-hidden rotate={open ? 90 : 0} className="report-category-fold-icon" />
          <span>{category.title}</span>
        </button>
      }
      extra={<Typography.Text strong>{score}</Typography.Text>}
      className={open ? 'report-category' : 'report-category report-category-folded'}
    >
      {open && (
        <div id={bodyId}>
          {shown.map((section) => {
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
          {passedShown !== undefined && passed > passedShown && (
            <Button
              type="link"
              className="report-passed-toggle"
              aria-expanded={allPassed}
              onClick={() => onAllPassedChange(!allPassed)}
            >
              {allPassed ? messages.showFewerPassed : messages.showAllPassed(passed)}
            </Button>
          )}
        </div>
      )}
    </Card>
  );
}
