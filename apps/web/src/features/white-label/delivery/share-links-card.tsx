import { formatDate, type Share } from '@sitelens/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Empty, Popconfirm, Skeleton, Space, Tag, Typography } from 'antd';
import { errorText } from '../../../api/client';
import { useToast } from '../../../components/use-toast';
import { ServerErrorAlert } from '../../websites/server-error-alert';
import { revokeShare, sharesChanged, sharesQuery } from './delivery.queries';
import './delivery.css';

export const SHARE_LIST_MESSAGES = {
  title: 'Share links',
  intro:
    'Read-only links to branded reports, for people without an account. A link is shown only when it is made.',
  empty: 'No share links yet',
  revoked: 'Share link revoked: it no longer opens.',
  revoke: 'Revoke',
};

const STATE = {
  active: { color: 'success', label: 'Active' },
  expired: { color: 'default', label: 'Expired' },
  revoked: { color: 'error', label: 'Revoked' },
} as const;

/** The organization's share links: which report, which template, until when; an active one can be revoked. */
export function ShareLinksCard() {
  const shares = useQuery(sharesQuery);
  const queryClient = useQueryClient();
  const toast = useToast();
  const revoke = useMutation({
    mutationFn: revokeShare,
    onSuccess: async (share) => {
      toast.success(SHARE_LIST_MESSAGES.revoked);
      await sharesChanged(queryClient, share);
    },
    onError: async (error) => toast.error(await errorText(error)),
  });

  return (
    <Card title={SHARE_LIST_MESSAGES.title} className="wl-card wl-delivery-card">
      <Typography.Paragraph type="secondary">{SHARE_LIST_MESSAGES.intro}</Typography.Paragraph>
      {shares.isPending ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : shares.isError ? (
        <ServerErrorAlert
          error={shares.error}
          action={
            <Button size="small" onClick={() => shares.refetch()}>
              Try again
            </Button>
          }
        />
      ) : shares.data.shares.length === 0 ? (
        <Empty description={SHARE_LIST_MESSAGES.empty} image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : (
        <ul className="wl-delivery-list" aria-label={SHARE_LIST_MESSAGES.title}>
          {shares.data.shares.map((share) => (
            <ShareItem
              key={share.guid}
              share={share}
              revoking={revoke.isPending && revoke.variables === share.guid}
              onRevoke={() => revoke.mutate(share.guid)}
            />
          ))}
        </ul>
      )}
    </Card>
  );
}

function ShareItem({ share, revoking, onRevoke }: { share: Share; revoking: boolean; onRevoke: () => void }) {
  const state = STATE[share.state];
  return (
    <li className="wl-delivery-item">
      <div className="wl-delivery-main">
        <Typography.Text strong className="wl-delivery-break">
          {share.report_url}
        </Typography.Text>
        <Space size={4} wrap>
          <Tag color={state.color}>{state.label}</Tag>
          <Typography.Text type="secondary">
            {share.template_name} ·{' '}
            {share.state === 'revoked' && share.revoked_at
              ? `revoked ${formatDate(share.revoked_at)}`
              : `${share.state === 'expired' ? 'expired' : 'expires'} ${formatDate(share.expires_at)}`}
          </Typography.Text>
        </Space>
      </div>
      {share.state === 'active' && (
        <Popconfirm
          title="Revoke this link? It stops opening at once."
          okText={SHARE_LIST_MESSAGES.revoke}
          okButtonProps={{ danger: true }}
          onConfirm={onRevoke}
        >
          <Button size="small" danger loading={revoking} className="wl-delivery-actions">
            {SHARE_LIST_MESSAGES.revoke}
          </Button>
        </Popconfirm>
      )}
    </li>
  );
}
