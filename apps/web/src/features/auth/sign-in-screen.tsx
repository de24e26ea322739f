import { ACCOUNT_MESSAGES } from '@sitelens/contracts';
import { Button, Checkbox, Form, Input } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { RequestError, request } from '../../api/client';
import { useToast } from '../../components/use-toast';
import { useSession } from '../../session/session-context';
import { afterSignInPath } from './after-sign-in';
import { AuthCard } from './auth-card';
import { HumanCheck } from './human-check';
import { rules } from './rules';
import { useHumanCheck } from './use-human-check';

interface SignInForm {
  email: string;
  password: string;
  remember_me: boolean;
}

export function SignInScreen() {
  const navigate = useNavigate();
  const toast = useToast();
  const { signIn } = useSession();
  const human = useHumanCheck();
  const [busy, setBusy] = useState(false);

  async function submit(values: SignInForm) {
    setBusy(true);
    try {
      const tokens = await request<{ access_token?: string; refresh_token?: string }>('/auth', {
        method: 'POST',
        body: {
          user_name: values.email.trim().toLowerCase(),
          password: values.password,
          remember_me: values.remember_me,
          recaptcha_token: human.token ?? '',
        },
        refreshOn401: false,
      });
      if (!tokens.access_token || !tokens.refresh_token) throw new Error('tokens missing');
      const session = await signIn({ access_token: tokens.access_token });
      navigate(afterSignInPath(session), { replace: true });
    } catch (error) {
      toast.error(
        error instanceof RequestError && error.status === 401
          ? ACCOUNT_MESSAGES.invalidCredentials
          : ACCOUNT_MESSAGES.authFailed,
      );
      human.reset();
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard title="Sign in to Sitelens">
      <Form<SignInForm>
        layout="vertical"
        onFinish={submit}
        initialValues={{ remember_me: true }}
        requiredMark={false}
      >
        <Form.Item
          label="E-mail"
          name="email"
          rules={[{ required: true, whitespace: true, message: ACCOUNT_MESSAGES.validEmail }]}
        >
          <Input inputMode="email" autoComplete="email" autoFocus />
        </Form.Item>
        <Form.Item label="Password" name="password" rules={rules.signInPassword}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <div className="auth-row">
          <Form.Item name="remember_me" valuePropName="checked" noStyle>
            <Checkbox>Remember me</Checkbox>
          </Form.Item>
          <Link to="/auth/forgot-password">Forgot password?</Link>
        </div>
        <HumanCheck onChange={human.onChange} resetKey={human.resetKey} />
        <Button type="primary" htmlType="submit" block loading={busy} disabled={!human.passed}>
          Sign in
        </Button>
      </Form>
      <p className="auth-switch">
        New to Sitelens? <Link to="/auth/register">Create an account</Link>
      </p>
    </AuthCard>
  );
}
