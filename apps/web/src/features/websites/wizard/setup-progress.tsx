import { Progress, Space, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { simulatedProgress } from './wizard-model';

/**
 * What a step shows while its answer is awaited: a spinner, what is happening, and the spec's
 * simulated progress curve (it rises toward 100 % from the start; it is not a real measure).
 */
export function SetupProgress({
  title,
  description,
  startedAt,
}: {
  title: string;
  description: string;
  /** When the work began (ms), if it began before this screen opened; else the screen's opening. */
  startedAt?: number;
}) {
  const [opened] = useState(() => Date.now());
  const started = Math.min(startedAt ?? opened, opened);
  const [now, setNow] = useState(opened);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    <div className="setup-progress" role="status">
      <Space orientation="vertical" align="center" size="middle" style={{ width: '100%' }}>
        <Spin size="large" />
        <Typography.Title level={4} style={{ margin: 0, textAlign: 'center' }}>
          {title}
        </Typography.Title>
        <Typography.Text type="secondary" style={{ textAlign: 'center', display: 'block' }}>
          {description}
        </Typography.Text>
        <Progress
          percent={simulatedProgress(now - started)}
          status="active"
          style={{ width: 280, maxWidth: '100%' }}
        />
      </Space>
    </div>
  );
}
