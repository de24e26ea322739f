import { type TrackedKeyword, WEBSITE_MESSAGES } from '@sitelens/contracts';
import { useQuery } from '@tanstack/react-query';
import { Empty, Skeleton } from 'antd';
import { SubjectModal } from '../seo-data/subject-modal';
import { ServerErrorAlert } from '../websites/server-error-alert';
import { positionTrendQuery } from './keyword-position.queries';
import { PositionTrendChart } from './position-trend-chart';

const messages = {
  title: (phrase: string) => `Trend chart for: ${phrase}`,
  neverRanked: 'This keyword was not in the top 100 on any day of the last 12 months.',
};

/** Spec 9: the trend modal's body is 400 px high. */
const BODY_HEIGHT = 400;
const WIDTH = 800;

/** The 'Trend chart for:' modal of one tracked keyword, its positions read when it opens. */
export function PositionTrendModal({
  keyword,
  open,
  onClose,
}: {
  keyword: TrackedKeyword | null;
  open: boolean;
  onClose(): void;
}) {
  return (
    <SubjectModal
      subject={keyword}
      open={open}
      title={(subject) => messages.title(subject.keyword)}
      width={WIDTH}
      styles={{ body: { height: BODY_HEIGHT } }}
      onClose={onClose}
    >
      {(subject) => <PositionTrend keyword={subject} />}
    </SubjectModal>
  );
}

function PositionTrend({ keyword }: { keyword: TrackedKeyword }) {
  const trend = useQuery(positionTrendQuery(keyword));
  if (trend.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (trend.isError) return <ServerErrorAlert error={trend.error} />;
  const points = trend.data.data;
  if (points.length === 0) return <Empty description={WEBSITE_MESSAGES.noData} />;
  if (points.every((point) => point.pos === null)) return <Empty description={messages.neverRanked} />;
  return <PositionTrendChart phrase={keyword.keyword} points={points} />;
}
