import { DownloadOutlined } from '@ant-design/icons';
import { type ActiveSubscription, formatCents, formatDate, SALES_MESSAGES } from '@sitelens/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Empty, List, Skeleton, Tag, Typography } from 'antd';
import { downloadInvoice } from './invoice-download';
import { invoicesQuery } from './sales.queries';
import { inTrial } from './trial';

/** active: the next payment and a Cancel link; canceled: active until the period ends; expired: says so. */
export function SubscriptionStatus({
  subscription,
  onCancel,
}: {
  subscription: ActiveSubscription;
  onCancel?: () => void;
}) {
  const ends = subscription.current_period_ends_at ? formatDate(subscription.current_period_ends_at) : null;
  const plan = `${subscription.plan_details.name} (${subscription.plan_details.interval_length === 12 ? 'yearly' : 'monthly'})`;
  if (subscription.status === 'expired')
    return (
      <Alert
        type="error"
        showIcon
        title={`Your ${plan} plan has expired.`}
        description="Choose a plan to continue using Sitelens."
      />
    );
  if (subscription.status === 'canceled')
    return (
      <Alert
        type="warning"
        showIcon
        title={`${plan}: canceled`}
        description={ends ? `Your plan stays active until ${ends}.` : undefined}
      />
    );
  return (
    <div className="subscription-status" data-testid="subscription-status">
      <Typography.Text strong>{plan}</Typography.Text> <Tag color="green">Active</Tag>
      <div>
        {inTrial(subscription) && ends
          ? `Free trial until ${ends}; the first payment is on that day.`
          : ends
            ? `Next payment on ${ends}.`
            : null}
      </div>
      {onCancel && (
        <Button type="link" danger className="inline-link" onClick={onCancel}>
          Cancel
        </Button>
      )}
    </div>
  );
}

/** Invoice history: date, paid or unpaid, total, download. */
export function InvoiceList({ maxHeight }: { maxHeight?: number }) {
  const invoices = useQuery(invoicesQuery);
  if (invoices.isPending) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (invoices.isError) return <Alert type="error" showIcon title="The invoices could not be loaded." />;
  if (invoices.data.length === 0) return <Empty description={SALES_MESSAGES.noInvoices} />;
  return (
    <div className="invoice-list" style={maxHeight ? { maxHeight, overflowY: 'auto' } : undefined}>
      <List
        dataSource={invoices.data}
        renderItem={(invoice) => (
          <List.Item
            actions={[
              <Button
                key="download"
                type="text"
                icon={<DownloadOutlined />}
                aria-label={`Download invoice ${invoice.invoice_number}`}
                onClick={() => downloadInvoice(invoice.invoice_number)}
              />,
            ]}
          >
            <span className="invoice-date">{formatDate(invoice.created_at)}</span>
            <Tag color={invoice.status === 'paid' ? 'green' : 'red'}>
              {invoice.status === 'paid' ? 'Paid' : 'Unpaid'}
            </Tag>
            <span className="invoice-total">{formatCents(invoice.total_in_cents)}</span>
          </List.Item>
        )}
      />
    </div>
  );
}
