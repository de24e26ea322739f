import { ACCOUNT_MESSAGES } from '@sitelens/contracts';
import { Button, Form, Input, Result } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { request } from '../../api/client';
import { useToast } from '../../components/use-toast';
import { AuthCard } from './auth-card';
import { HumanCheck } from './human-check';
import { rules } from './rules';
import { useHumanCheck } from './use-human-check';

export function ForgotPasswordScreen() {
  const toast = useToast();
  const human = useHumanCheck();
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);

  async function submit({ email }: { email: string }) {
    setBusy(true);
    try {
      const address = email.trim().toLowerCase();
      await request('/user/reset-password', {
        method: 'POST',
        body: { u_name: address, recaptcha_token: human.token ?? '' },
      });
      toast.success(ACCOUNT_MESSAGES.resetSent);
      setSentTo(address);
    } catch {
      toast.error(ACCOUNT_MESSAGES.resetUnknown);
      human.reset();
    } finally {
      setBusy(false);
    }
  }

  if (sentTo) {
    return (
      <AuthCard title="Check your inbox">
        <Result
          status="success"
          title={ACCOUNT_MESSAGES.resetSent}
          subTitle={`Open the link we sent to ${sentTo} within 60 minutes to choose a new password.`}
          extra={<Link to="/auth/login">Back to sign-in</Link>}
        />
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title="Forgot your password?"
      subtitle="Enter your e-mail and we will send you a link to choose a new one."
    >
      <Form layout="vertical" onFinish={submit} requiredMark={false}>
        <Form.Item label="E-mail" name="email" rules={rules.email}>
          <Input inputMode="email" autoComplete="email" autoFocus />
        </Form.Item>
        <HumanCheck onChange={human.onChange} resetKey={human.resetKey} />
        <Button type="primary" htmlType="submit" block loading={busy} disabled={!human.passed}>
          Send the reset link
        </Button>
      </Form>
      <p className="auth-switch">
        <Link to="/auth/login">Back to sign-in</Link>
      </p>
    </AuthCard>
  );
}
