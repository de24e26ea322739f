import { ArrowLeftOutlined } from '@ant-design/icons';
import { Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import './report.css';

/** A report screen's title row: a back arrow to `back`, the title, and the screen's buttons at the end. */
export function ReportHeader({
  back,
  backLabel,
  title,
  info,
  actions,
}: {
  back: string;
  /** What the arrow says to a screen reader ("Back to Deep Analysis"). */
  backLabel: string;
  title: ReactNode;
  /** Beside the title, outside the heading (an info tooltip), so the heading's name stays the title. */
  info?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <div className="report-header">
      <Link to={back} className="report-back" aria-label={backLabel}>
        <ArrowLeftOutlined />
      </Link>
      <Typography.Title level={3}>{title}</Typography.Title>
      {info}
      {actions && <div className="report-header-actions">{actions}</div>}
    </div>
  );
}
