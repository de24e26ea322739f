import { activeSubscription, type BillingInfo, SALES_MESSAGES } from '@sitelens/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Descriptions, Form, Input, Row, Skeleton, Tabs, Typography } from 'antd';
import { Navigate } from 'react-router';
import { request } from '../../api/client';
import { useToast } from '../../components/use-toast';
import { useSession } from '../../session/session-context';
import type { PaymentMethod, PaymentOutcome } from './payment-form';
import { PaymentForm } from './payment-form';
import { billingInfoQuery, salesKey, subscriptionQuery } from './sales.queries';
import { InvoiceList, SubscriptionStatus } from './subscription-panel';
import { useCancelSubscription } from './use-cancel-subscription';

/** Invoices scroll inside the billing tab at this height (spec). */
const INVOICE_LIST_HEIGHT = 404;

/** Where a team member who opens the billing page goes: billing is the owner's (spec, roles). */
export const MEMBER_HOME = '/user/account/profile';

export function BillingScreen() {
  const { session } = useSession();
  // Only the owner (or a user with no team) sees billing; a member goes to their profile, as on expiry.
  if (session?.org_role === 'member') return <Navigate to={MEMBER_HOME} replace />;
  return (
    <Tabs
      className="billing-screen"
      items={[
        { key: 'info', label: 'Billing info', children: <BillingInfoTab /> },
        { key: 'method', label: 'Payment method', children: <PaymentMethodTab /> },
      ]}
    />
  );
}

function BillingInfoTab() {
  const toast = useToast();
  const queryClient = useQueryClient();
  const info = useQuery(billingInfoQuery);
  const subscription = useQuery(subscriptionQuery);
  const cancel = useCancelSubscription();
  const save = useMutation({
    mutationFn: (values: Pick<BillingInfo, 'first_name' | 'last_name' | 'company' | 'vat_number'>) =>
      request<BillingInfo>('/billing_info', { method: 'POST', body: values }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: salesKey });
      toast.success('Your billing information was saved.');
    },
    onError: () => toast.error(SALES_MESSAGES.updateBillingFailed),
  });
  const current = activeSubscription(subscription.data);

  return (
    <Row gutter={[24, 24]}>
      <Col xs={24} lg={14}>
        <Card title="Billing information">
          {info.isPending ? (
            <Skeleton active paragraph={{ rows: 4 }} />
          ) : info.isError ? (
            <Alert type="error" showIcon title={SALES_MESSAGES.fetchBillingFailed} />
          ) : (
            <Form
              layout="vertical"
              initialValues={info.data}
              onFinish={(values) => save.mutate({ company: '', vat_number: '', ...values })}
              requiredMark={false}
            >
              <Row gutter={12}>
                <Col xs={24} sm={12}>
                  <Form.Item
                    name="first_name"
                    label="First name"
                    rules={[{ required: true, whitespace: true, message: 'This field is required' }]}
                  >
                    <Input />
                  </Form.Item>
                </Col>
                <Col xs={24} sm={12}>
                  <Form.Item
                    name="last_name"
                    label="Last name"
                    rules={[{ required: true, whitespace: true, message: 'This field is required' }]}
                  >
                    <Input />
                  </Form.Item>
                </Col>
              </Row>
              <Form.Item name="company" label="Company (optional)">
                <Input />
              </Form.Item>
              <Form.Item name="vat_number" label="VAT number (optional)">
                <Input />
              </Form.Item>
              <Button type="primary" htmlType="submit" loading={save.isPending}>
                Save
              </Button>
            </Form>
          )}
        </Card>
      </Col>
      <Col xs={24} lg={10}>
        <Card title="Subscription" className="side-panel">
          {subscription.isPending ? (
            <Skeleton active paragraph={{ rows: 2 }} />
          ) : current ? (
            <SubscriptionStatus
              subscription={current}
              onCancel={current.status === 'active' ? cancel.open : undefined}
            />
          ) : (
            <Typography.Text type="secondary">You have no subscription yet.</Typography.Text>
          )}
          <Typography.Title level={5} className="side-panel-heading">
            Invoices
          </Typography.Title>
          <InvoiceList maxHeight={INVOICE_LIST_HEIGHT} />
        </Card>
        {cancel.dialog}
      </Col>
    </Row>
  );
}

type MethodReply = BillingInfo | { three_d_secure: true; token_id: string; action_token_id: string };

function PaymentMethodTab() {
  const toast = useToast();
  const queryClient = useQueryClient();
  const info = useQuery(billingInfoQuery);

  const attach = async (token: string, _method: PaymentMethod, result?: string): Promise<PaymentOutcome> => {
    const reply = await request<MethodReply>('/billing_info/payment_method', {
      method: 'POST',
      body: {
        token_id: token,
        company: info.data?.company ?? '',
        vat_number: info.data?.vat_number ?? '',
        ...(result ? { three_d_secure_action_result_token_id: result } : {}),
      },
    });
    if ('three_d_secure' in reply)
      return { threeDSecure: { tokenId: reply.token_id, actionTokenId: reply.action_token_id } };
    await queryClient.invalidateQueries({ queryKey: salesKey });
    toast.success(SALES_MESSAGES.paymentMethodUpdated);
    return { done: true };
  };

  return (
    <Row gutter={[24, 24]}>
      <Col xs={24} lg={10}>
        <Card title="Current payment method">
          {info.isPending ? (
            <Skeleton active paragraph={{ rows: 1 }} />
          ) : info.isError ? (
            <Alert type="error" showIcon title={SALES_MESSAGES.fetchBillingFailed} />
          ) : info.data.paypal_billing_agreement_id ? (
            <Descriptions
              column={1}
              items={[{ key: 'm', label: 'PayPal', children: info.data.paypal_billing_agreement_id }]}
            />
          ) : info.data.last_four ? (
            <Descriptions
              column={1}
              items={[
                { key: 'm', label: info.data.card_type ?? 'Card', children: `•••• ${info.data.last_four}` },
              ]}
            />
          ) : (
            <Typography.Text type="secondary">No payment method yet.</Typography.Text>
          )}
        </Card>
      </Col>
      <Col xs={24} lg={14}>
        <Card title="Attach a new payment method">
          <PaymentForm
            submitLabel="Save payment method"
            onToken={attach}
            failureText={SALES_MESSAGES.updatePaymentMethodFailed}
            withTerms={false}
          />
        </Card>
      </Col>
    </Row>
  );
}
