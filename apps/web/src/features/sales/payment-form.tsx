import { CreditCardOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { passesLuhn, SALES_MESSAGES, SANDBOX_CARDS } from '@sitelens/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Checkbox, Col, Form, Input, Modal, Row, Space, Tabs, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { appConfigQuery } from '../../api/app-config.queries';
import { errorText, RequestError, request } from '../../api/client';
import { useToast } from '../../components/use-toast';
import {
  loadRecurly,
  RECURLY_FIELD_MESSAGES,
  type RecurlyElements,
  type RecurlyInstance,
} from './recurly-js';

export type PaymentMethod = 'credit_card' | 'paypal';

/** What the page's own call (create subscription, update payment method) answered. */
export type PaymentOutcome = { done: true } | { threeDSecure: { tokenId: string; actionTokenId: string } };

export interface PaymentFormProps {
  submitLabel: string;
  /** Sends the token to the page's call; called again with the 3-D Secure result when the bank asks. */
  onToken(token: string, method: PaymentMethod, threeDSecureResult?: string): Promise<PaymentOutcome>;
  /** The page's own failure text for its call (the spec has one per page). */
  failureText: string;
  /** The terms checkbox (checkout and free trial); the payment-method tab has none. */
  withTerms?: boolean;
}

interface CardValues {
  first_name: string;
  last_name: string;
  number: string;
  expiry: string;
  cvv: string;
  zip: string;
  terms?: boolean;
}

const digits = (value: string) => value.replace(/[\s-]/g, '');

/** MM/YY in the future, else null. */
export function parseExpiry(value: string, now = new Date()): { month: number; year: number } | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(value);
  if (!match) return null;
  const month = Number(match[1]);
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  if (month < 1 || month > 12) return null;
  return new Date(Date.UTC(year, month, 1)) > now ? { month, year } : null;
}

const termsRule = {
  validator: (_: unknown, value: boolean) =>
    value ? Promise.resolve() : Promise.reject(new Error(SALES_MESSAGES.termsRequired)),
};

/**
 * Card and PayPal tabs, with the spec's card validation, the terms box, and the 3-D Secure step.
 * With the sandbox processor it says so, and lists the test cards.
 */
export function PaymentForm({ submitLabel, onToken, failureText, withTerms = true }: PaymentFormProps) {
  const toast = useToast();
  const config = useQuery(appConfigQuery);
  const provider = config.data?.billing_provider;
  const sandbox = provider === 'sandbox';
  const [busy, setBusy] = useState(false);
  const recurly = useRecurly(provider === 'recurly' ? config.data?.recurly_public_key : null);
  const cardFormRef = useRef<HTMLDivElement>(null);
  const [pending, setPending] = useState<{
    token: string;
    method: PaymentMethod;
    actionTokenId: string;
  } | null>(null);
  const [paypalOpen, setPaypalOpen] = useState(false);
  const [paypalForm] = Form.useForm<{ terms?: boolean }>();

  const finish = async (token: string, method: PaymentMethod, result?: string) => {
    try {
      const outcome = await onToken(token, method, result);
      if ('threeDSecure' in outcome)
        setPending({ token, method, actionTokenId: outcome.threeDSecure.actionTokenId });
      else setPending(null);
    } catch (error) {
      // On error the pending tokens are cleared: the next try starts from a new token.
      setPending(null);
      const text = await errorText(error);
      toast.error(error instanceof RequestError && error.status === 402 ? text : failureText);
    }
  };

  const payByCard = async (values: CardValues) => {
    if (recurly.instance && recurly.elements) return payByRecurlyCard(recurly.instance, recurly.elements);
    const expiry = parseExpiry(values.expiry)!;
    setBusy(true);
    try {
      const { id } = await request<{ id: string }>('/billing/sandbox/tokens', {
        method: 'POST',
        body: {
          number: digits(values.number),
          month: expiry.month,
          year: expiry.year,
          cvv: values.cvv.trim(),
          first_name: values.first_name,
          last_name: values.last_name,
          zip: values.zip,
        },
      });
      await finish(id, 'credit_card');
    } catch (error) {
      const detail = error instanceof RequestError ? await errorText(error) : null;
      toast.error(
        `${SALES_MESSAGES.cardValidationFailed} ${detail ?? SALES_MESSAGES.cardValidationFallback}`,
      );
    } finally {
      setBusy(false);
    }
  };

  // Recurly.js reads the card from its own hosted field and the names and ZIP from `data-recurly` inputs.
  const payByRecurlyCard = (instance: RecurlyInstance, elements: RecurlyElements) => {
    const form = cardFormRef.current?.querySelector('form');
    if (!form) return;
    setBusy(true);
    instance.token(elements, form, async (error, token) => {
      try {
        if (error) {
          const fields = [
            ...new Set((error.fields ?? []).map((f) => RECURLY_FIELD_MESSAGES[f]).filter(Boolean)),
          ];
          toast.error(
            `${SALES_MESSAGES.cardValidationFailed} ${fields.join(', ') || error.message || SALES_MESSAGES.cardValidationFallback}`,
          );
          return;
        }
        await finish(token.id, 'credit_card');
      } finally {
        setBusy(false);
      }
    });
  };

  const startPaypal = () => {
    if (!recurly.instance) return setPaypalOpen(true);
    const paypal = recurly.instance.PayPal({ display: { displayName: 'Sitelens' } });
    paypal.on('token', (token) => finish(token.id, 'paypal'));
    paypal.on('error', (error) => toast.error(error.message));
    paypal.start();
  };

  const approvePaypal = async (approve: boolean) => {
    setPaypalOpen(false);
    if (!approve) return;
    setBusy(true);
    try {
      const { id } = await request<{ id: string }>('/billing/sandbox/paypal', {
        method: 'POST',
        body: { approve: true },
      });
      await finish(id, 'paypal');
    } catch (error) {
      toast.error(await errorText(error));
    } finally {
      setBusy(false);
    }
  };

  const authenticate = async (approve: boolean) => {
    if (!pending) return;
    setBusy(true);
    try {
      const { id } = await request<{ id: string }>('/billing/sandbox/three-d-secure', {
        method: 'POST',
        body: { action_token_id: pending.actionTokenId, approve },
      });
      await finish(pending.token, pending.method, id);
    } catch (error) {
      setPending(null);
      toast.error(error instanceof RequestError ? await errorText(error) : SALES_MESSAGES.threeDSecureFailed);
    } finally {
      setBusy(false);
    }
  };

  if (provider === 'none') {
    return <Alert type="info" showIcon title="Billing is turned off on this installation." />;
  }
  if (recurly.error) return <Alert type="error" showIcon title={recurly.error} />;

  if (pending) {
    return (
      <div className="three-d-secure" data-testid="three-d-secure">
        <Alert
          type="info"
          showIcon
          icon={<SafetyCertificateOutlined />}
          title={SALES_MESSAGES.threeDSecureRequired}
        />
        {recurly.instance ? (
          <RecurlyThreeDSecure
            instance={recurly.instance}
            actionTokenId={pending.actionTokenId}
            onToken={(result) => finish(pending.token, pending.method, result)}
            onError={(message) => {
              setPending(null);
              toast.error(message || SALES_MESSAGES.threeDSecureFailed);
            }}
          />
        ) : (
          <>
            <Typography.Paragraph className="three-d-secure-text">
              Sandbox bank: confirm that you are making this payment. A real bank would show its own page
              here.
            </Typography.Paragraph>
            <Space>
              <Button type="primary" loading={busy} onClick={() => authenticate(true)}>
                Complete authentication
              </Button>
              <Button disabled={busy} onClick={() => authenticate(false)}>
                Fail authentication
              </Button>
            </Space>
          </>
        )}
      </div>
    );
  }

  const cardForm = (
    <div ref={cardFormRef}>
      <Form<CardValues>
        name="card"
        layout="vertical"
        onFinish={payByCard}
        requiredMark={false}
        disabled={busy}
      >
        <Row gutter={12}>
          <Col xs={24} sm={12}>
            <Form.Item
              name="first_name"
              label="First name"
              rules={[{ required: true, whitespace: true, message: SALES_MESSAGES.invalidName }]}
            >
              <Input autoComplete="cc-given-name" data-recurly="first_name" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="last_name"
              label="Last name"
              rules={[{ required: true, whitespace: true, message: SALES_MESSAGES.invalidName }]}
            >
              <Input autoComplete="cc-family-name" data-recurly="last_name" />
            </Form.Item>
          </Col>
        </Row>
        {recurly.instance ? (
          <Form.Item label="Card">
            <div className="recurly-card" ref={recurly.attachCard} />
          </Form.Item>
        ) : (
          <Form.Item
            name="number"
            label="Card number"
            rules={[
              {
                validator: (_, value: string = '') =>
                  /^\d{12,19}$/.test(digits(value)) && passesLuhn(digits(value))
                    ? Promise.resolve()
                    : Promise.reject(new Error(SALES_MESSAGES.invalidCardNumber)),
              },
            ]}
          >
            <Input
              inputMode="numeric"
              autoComplete="cc-number"
              prefix={<CreditCardOutlined />}
              placeholder="1234 1234 1234 1234"
            />
          </Form.Item>
        )}
        <Row gutter={12}>
          {!recurly.instance && (
            <>
              <Col xs={12} sm={8}>
                <Form.Item
                  name="expiry"
                  label="Expiration"
                  rules={[
                    {
                      validator: (_, value: string = '') =>
                        parseExpiry(value)
                          ? Promise.resolve()
                          : Promise.reject(new Error(SALES_MESSAGES.invalidExpiration)),
                    },
                  ]}
                >
                  <Input inputMode="numeric" autoComplete="cc-exp" placeholder="MM/YY" />
                </Form.Item>
              </Col>
              <Col xs={12} sm={8}>
                <Form.Item
                  name="cvv"
                  label="CVV"
                  rules={[{ pattern: /^\d{3,4}$/, required: true, message: SALES_MESSAGES.invalidCvv }]}
                >
                  <Input inputMode="numeric" autoComplete="cc-csc" placeholder="123" />
                </Form.Item>
              </Col>
            </>
          )}
          <Col xs={24} sm={8}>
            <Form.Item
              name="zip"
              label="ZIP code"
              rules={[
                {
                  pattern: /^[A-Za-z0-9][A-Za-z0-9 -]{1,9}$/,
                  required: true,
                  message: SALES_MESSAGES.invalidZip,
                },
              ]}
            >
              <Input autoComplete="postal-code" data-recurly="postal_code" />
            </Form.Item>
          </Col>
        </Row>
        {withTerms && (
          <Form.Item name="terms" valuePropName="checked" initialValue={false} rules={[termsRule]}>
            <Checkbox>I agree with the terms of service</Checkbox>
          </Form.Item>
        )}
        <Button type="primary" htmlType="submit" block size="large" loading={busy}>
          {submitLabel}
        </Button>
      </Form>
    </div>
  );

  const paypal = (
    <Form form={paypalForm} name="paypal" layout="vertical" onFinish={startPaypal} disabled={busy}>
      <Typography.Paragraph>
        You will approve a billing agreement with PayPal; Sitelens never sees your PayPal password.
      </Typography.Paragraph>
      {withTerms && (
        <Form.Item name="terms" valuePropName="checked" initialValue={false} rules={[termsRule]}>
          <Checkbox>I agree with the terms of service</Checkbox>
        </Form.Item>
      )}
      <Button type="primary" htmlType="submit" block size="large" loading={busy}>
        Continue with PayPal
      </Button>
      <Modal
        open={paypalOpen}
        title="PayPal sandbox"
        okText="Approve billing agreement"
        cancelText="Cancel"
        onOk={() => approvePaypal(true)}
        onCancel={() => approvePaypal(false)}
      >
        <p>Approve a billing agreement with Sitelens? In the sandbox, no PayPal account is charged.</p>
      </Modal>
    </Form>
  );

  return (
    <div className="payment-form">
      {sandbox && (
        <Alert
          className="sandbox-notice"
          type="warning"
          showIcon
          title="Payments are sandboxed: no money moves."
          description={
            <span>
              Test cards: <code>{SANDBOX_CARDS.success}</code> succeeds,{' '}
              <code>{SANDBOX_CARDS.threeDSecure}</code> asks for 3-D Secure,{' '}
              <code>{SANDBOX_CARDS.declined}</code> is declined. Any future date, any CVV.
            </span>
          }
        />
      )}
      <Tabs
        items={[
          { key: 'card', label: 'Credit card', children: cardForm },
          { key: 'paypal', label: 'PayPal', children: paypal },
        ]}
      />
    </div>
  );
}

/** Recurly.js for a Recurly installation: loaded once, with its card element. */
function useRecurly(publicKey: string | null | undefined) {
  const [instance, setInstance] = useState<RecurlyInstance | null>(null);
  const [elements, setElements] = useState<RecurlyElements | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!publicKey) return;
    let live = true;
    loadRecurly(publicKey).then(
      (loaded) => {
        if (!live) return;
        setInstance(loaded);
        setElements(loaded.Elements());
      },
      (failure: Error) => live && setError(failure.message),
    );
    return () => {
      live = false;
    };
  }, [publicKey]);
  const attachCard = (target: HTMLDivElement | null) => {
    if (target && elements && target.childElementCount === 0) elements.CardElement().attach(target);
  };
  return { instance, elements, error, attachCard };
}

/** The bank's challenge, shown by Recurly.js in our page; its result token completes the call. */
function RecurlyThreeDSecure(props: {
  instance: RecurlyInstance;
  actionTokenId: string;
  onToken(resultTokenId: string): void;
  onError(message: string): void;
}) {
  const container = useRef<HTMLDivElement>(null);
  const { instance, actionTokenId, onToken, onError } = props;
  // biome-ignore lint/correctness/useExhaustiveDependencies: one challenge per action token
  useEffect(() => {
    if (!container.current) return;
    const challenge = instance.Risk().ThreeDSecure({ actionTokenId });
    challenge.on('token', (token) => onToken(token.id));
    challenge.on('error', (error) => onError(error.message));
    challenge.attach(container.current);
  }, [instance, actionTokenId]);
  return <div className="three-d-secure-challenge" ref={container} />;
}
