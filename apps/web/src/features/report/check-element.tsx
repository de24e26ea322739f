import { QuestionCircleOutlined } from '@ant-design/icons';
import { formatDate, type PassRateSample } from '@sitelens/contracts';
import { Button, Skeleton, Tooltip, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { CheckData } from '../checkup/check-data';
import { RichText } from '../checkup/rich-text';
import { HowToFixModal } from './how-to-fix-modal';
import { type CheckOutcome, STATUS } from './report-status';

/**
 * One check of a report: status icon, title, description tooltip, "How to fix", message, pass rate,
 * recommendation and the check's own data. Its id is the check key, so `#key` anchors land on it.
 * Without an outcome yet it is a placeholder; one that could not be fetched is left out.
 */
/** A pass rate with the sites it was measured on: '87 % of 84 sites of Tranco top 100 pass this check (measured Nov 01, 2026).' */
export const passRateText = (rate: number, sample: PassRateSample): string =>
  `${Math.round(rate * 100)} % of ${sample.sites} ${sample.sites === 1 ? 'site' : 'sites'}${
    sample.name ? ` of ${sample.name}` : ''
  } pass this check (measured ${formatDate(`${sample.measured_on}T12:00:00Z`)}).`;
// (A calendar day read at noon UTC: the same day in every time zone the date is written in.)

export function CheckElement({
  sectionKey,
  title,
  outcome,
  extra,
}: {
  sectionKey: string;
  title: string;
  outcome: CheckOutcome | undefined;
  /** Shown under the message (the domain report's counts of affected URLs). */
  extra?: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  if (!outcome)
    return (
      <div id={sectionKey} className="check-element check-pending">
        <Skeleton active title={{ width: '40%' }} paragraph={{ rows: 1 }} />
      </div>
    );
  if (outcome === 'failed') return null;
  const { result, top_100_pass_rate, pass_rate_sample } = outcome;
  const status = STATUS[result.status];
  return (
    <div id={sectionKey} className={`check-element check-${result.status}`}>
      <div className="check-head">
        <span className="check-icon" style={{ color: status.color }} role="img" aria-label={status.label}>
          {status.icon}
        </span>
        <Typography.Text strong>{title}</Typography.Text>
        <Tooltip title={<RichText html={result.description} />}>
          <QuestionCircleOutlined className="check-help" aria-label={`About ${title}`} />
        </Tooltip>
        <Button size="small" type="link" onClick={() => setOpen(true)}>
          How to fix
        </Button>
      </div>
      <Typography.Paragraph className="check-message">{result.message}</Typography.Paragraph>
      {extra}
      {top_100_pass_rate !== null && pass_rate_sample && (
        <Typography.Paragraph type="secondary" className="check-pass-rate">
          {passRateText(top_100_pass_rate, pass_rate_sample)}
        </Typography.Paragraph>
      )}
      {result.status !== 'passed' && result.status !== 'skipped' && result.recommendation && (
        <Typography.Paragraph className="check-recommendation">
          <Typography.Text strong>Recommendation: </Typography.Text>
          {result.recommendation}
        </Typography.Paragraph>
      )}
      {result.status !== 'skipped' && <CheckData result={result} />}
      <HowToFixModal
        open={open}
        title={title}
        html={result.how_to_fix}
        video={result.how_to_fix_video}
        onClose={() => setOpen(false)}
      />
    </div>
  );
}
