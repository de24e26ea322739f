import { Tag } from 'antd';
import type { CheckOutcome, ReportCategory } from './report-status';

/**
 * The report's menu: 'General' and each category with its failed, warning and passed counts, as
 * anchor links. Below 1300 px the stylesheet hides it (spec).
 */
export function ReportSidebar({
  categories,
  results,
}: {
  categories: readonly ReportCategory[];
  results: Readonly<Record<string, CheckOutcome | undefined>>;
}) {
  return (
    <aside className="report-sidebar" aria-label="Report sections">
      <a href="#general">General</a>
      {categories.map((category) => {
        const counts = { passed: 0, warning: 0, failed: 0 };
        for (const section of category.sections) {
          const outcome = results[section.key];
          if (outcome && outcome !== 'failed' && outcome.result.status !== 'skipped')
            counts[outcome.result.status]++;
        }
        return (
          <a key={category.key} href={`#category-${category.key}`}>
            <span>{category.title}</span>
            <span className="report-sidebar-counts">
              <Tag color="red">{counts.failed}</Tag>
              <Tag color="orange">{counts.warning}</Tag>
              <Tag color="green">{counts.passed}</Tag>
            </span>
          </a>
        );
      })}
    </aside>
  );
}
