import { NOTIFICATION_MESSAGES, type NotificationConfirmReply } from '@sitelens/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Spin, Typography } from 'antd';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { RequestError } from '../../api/client';
import { AuthCard } from '../auth/auth-card';
import { useErrorText } from '../websites/server-error-alert';
import { confirmNotificationsQuery } from './monitoring.queries';

/** The reader of the mail may have no account: the page speaks to them, not to the team. */
export const CONFIRM_MESSAGES = {
  pageTitle: 'Confirm outage notifications',
  confirmed: 'Address confirmed',
  confirmedText: ({ target, team }: NotificationConfirmReply) =>
    `${target} now receives the outage notifications of ${team}: a mail when one of its websites goes down, and another when it is back.`,
  gone: 'This link no longer works',
  failed: 'The address could not be confirmed',
  retry: 'Try again',
  home: 'Go to Sitelens',
};

/** `/confirm-notifications/:token`: the link mailed to a new e-mail channel, followed. */
export function NotificationConfirmScreen() {
  const { token = '' } = useParams();
  const confirmation = useQuery(confirmNotificationsQuery(token));

  useEffect(() => {
    document.title = CONFIRM_MESSAGES.pageTitle;
  }, []);

  if (confirmation.isPending) return <Spin size="large" className="page-loading" aria-label="Loading" />;
  if (confirmation.isError)
    return <ConfirmError error={confirmation.error} onRetry={() => void confirmation.refetch()} />;
  return (
    <AuthCard title={CONFIRM_MESSAGES.confirmed}>
      <Typography.Paragraph>{CONFIRM_MESSAGES.confirmedText(confirmation.data)}</Typography.Paragraph>
      <p className="auth-switch">
        <Link to="/">{CONFIRM_MESSAGES.home}</Link>
      </p>
    </AuthCard>
  );
}

/** Used, replaced, expired or never ours: the link is gone, in the server's words. Anything else may be tried again. */
function ConfirmError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const text = useErrorText(error);
  const gone = error instanceof RequestError && [400, 404, 410].includes(error.status);
  if (gone)
    return (
      <AuthCard title={CONFIRM_MESSAGES.gone}>
        <Typography.Paragraph>
          {/* A malformed token (400) names its field; the reader needs only the product's words. */}
          {(error.status !== 400 && text) || NOTIFICATION_MESSAGES.confirmLinkGone}
        </Typography.Paragraph>
      </AuthCard>
    );
  return (
    <AuthCard title={CONFIRM_MESSAGES.failed}>
      <Typography.Paragraph type="danger">{text}</Typography.Paragraph>
      <Button onClick={onRetry}>{CONFIRM_MESSAGES.retry}</Button>
    </AuthCard>
  );
}
