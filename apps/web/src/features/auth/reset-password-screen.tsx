import { ACCOUNT_MESSAGES } from '@sitelens/contracts';
import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { request } from '../../api/client';
import { useToast } from '../../components/use-toast';
import { useSession } from '../../session/session-context';
import { AuthCard } from './auth-card';
import { rules } from './rules';

export function ResetPasswordScreen() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const toast = useToast();
  const { signIn } = useSession();
  const [busy, setBusy] = useState(false);

  async function submit({ pw }: { pw: string }) {
    setBusy(true);
    try {
      const tokens = await request<{ access_token: string }>('/user/reset-password', {
        method: 'PATCH',
        body: { token: id, pw },
      });
      await signIn(tokens);
      toast.success(ACCOUNT_MESSAGES.passwordChanged);
      navigate('/', { replace: true });
    } catch {
      toast.error(ACCOUNT_MESSAGES.tokenUsed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard title="Choose a new password">
      <Form layout="vertical" onFinish={submit} requiredMark={false}>
        <Form.Item label="New password" name="pw" rules={rules.newPassword}>
          <Input.Password autoComplete="new-password" autoFocus />
        </Form.Item>
        <Form.Item label="Repeat password" name="repeat" dependencies={['pw']} rules={rules.repeat('pw')}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={busy}>
          Save the new password
        </Button>
      </Form>
      <p className="auth-switch">
        <Link to="/auth/forgot-password">Send a new link</Link>
      </p>
    </AuthCard>
  );
}
