import { Card, Typography } from 'antd';
import type { ReactNode } from 'react';

/** The frame of the sign-in, registration and password screens. */
export function AuthCard({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
}) {
  return (
    <main className="auth-page">
      <div className="auth-brand">
        <img src="/favicon.svg" alt="" width={28} height={28} />
        <span>Sitelens</span>
      </div>
      <Card className="auth-card">
        <Typography.Title level={1} className="auth-title">
          {title}
        </Typography.Title>
        {subtitle && <Typography.Paragraph type="secondary">{subtitle}</Typography.Paragraph>}
        {children}
      </Card>
    </main>
  );
}
