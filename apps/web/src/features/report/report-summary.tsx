import { displayUrl, formatDate, scoreColor, scoreVerdict } from '@sitelens/contracts';
import { Card, Col, Progress, Row, Space, Typography } from 'antd';
import type { ReactNode } from 'react';

export interface ReportCounts {
  passed: number;
  warning: number;
  failed: number;
  /** Checks judged neither way; shown when the report counted them. */
  not_applicable?: number | undefined;
}

/**
 * The report's summary card (anchor `#general`): the score ring (a progress ring while results
 * are still coming), the URL, date and counts, the score's verdict, each category's score, and
 * the screen's buttons.
 */
export function ReportSummary({
  url,
  createdAt,
  score,
  progress,
  counts,
  categoryScores,
  actions,
}: {
  url: string;
  createdAt: string;
  score: number;
  /** 0 to 100; the score shows once it reaches 100. */
  progress: number;
  counts: ReportCounts;
  categoryScores: readonly { key: string; title: string; score: number }[];
  actions?: ReactNode;
}) {
  return (
    <Card id="general" className="report-summary">
      <Row gutter={[24, 24]} align="middle">
        <Col xs={24} md={8} style={{ textAlign: 'center' }}>
          {progress < 100 ? (
            <Progress type="circle" percent={progress} aria-label="Checkup progress" />
          ) : (
            <Progress
              type="circle"
              percent={score}
              format={(value) => value}
              strokeColor={scoreColor(score)}
              aria-label="SEO score"
            />
          )}
          <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
            {progress < 100 ? `Checking ${displayUrl(url)}…` : 'SEO score'}
          </Typography.Paragraph>
        </Col>
        <Col xs={24} md={16}>
          <Typography.Title level={4} style={{ marginTop: 0, wordBreak: 'break-all' }}>
            {displayUrl(url)}
          </Typography.Title>
          <Typography.Paragraph type="secondary">
            {formatDate(createdAt)} · {counts.passed} passed · {counts.warning} warnings · {counts.failed}{' '}
            failed
            {counts.not_applicable === undefined ? '' : ` · ${counts.not_applicable} not applicable`}
          </Typography.Paragraph>
          {progress === 100 && (
            <Typography.Paragraph className="score-verdict">{scoreVerdict(score)}</Typography.Paragraph>
          )}
          <div className="category-split">
            {categoryScores.map((category) => (
              <div key={category.key} className="category-split-row">
                <span>{category.title}</span>
                <Progress
                  percent={category.score}
                  size="small"
                  strokeColor={scoreColor(category.score)}
                  format={(v) => v}
                />
              </div>
            ))}
          </div>
          {actions && (
            <Space wrap style={{ marginTop: 12 }}>
              {actions}
            </Space>
          )}
        </Col>
      </Row>
    </Card>
  );
}
