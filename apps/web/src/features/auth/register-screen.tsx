import { ACCOUNT_MESSAGES } from '@sitelens/contracts';
import { Button, Checkbox, Form, Input } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { errorText, RequestError, request } from '../../api/client';
import { useToast } from '../../components/use-toast';
import { useSession } from '../../session/session-context';
import { afterSignInPath } from './after-sign-in';
import { AuthCard } from './auth-card';
import { HumanCheck } from './human-check';
import { rules } from './rules';
import { useHumanCheck } from './use-human-check';

interface RegisterForm {
  email: string;
  f_name: string;
  l_name: string;
  pw: string;
  repeat: string;
  terms: boolean;
}

/** Registration; with an invitation token it is the join-team form, without the e-mail field. */
export function RegisterScreen({ invitationToken }: { invitationToken?: string }) {
  const navigate = useNavigate();
  const toast = useToast();
  const { signIn } = useSession();
  const human = useHumanCheck();
  const [busy, setBusy] = useState(false);
  const joining = invitationToken !== undefined;

  async function submit(values: RegisterForm) {
    setBusy(true);
    const common = {
      f_name: values.f_name.trim(),
      l_name: values.l_name.trim(),
      pw: values.pw,
      recaptcha_token: human.token ?? '',
      locale: 'en_US',
      timezone: 'America/New_York',
    };
    try {
      const tokens = joining
        ? await request<{ access_token: string }>('/organization/member', {
            method: 'POST',
            body: { ...common, invitation_token: invitationToken },
          })
        : await request<{ access_token: string }>('/user', {
            method: 'POST',
            body: {
              ...common,
              email: values.email.trim().toLowerCase(),
              u_name: values.email.trim().toLowerCase(),
            },
          });
      const session = await signIn(tokens);
      navigate(afterSignInPath(session), { replace: true });
    } catch (error) {
      toast.error(await registrationError(error, joining));
      human.reset();
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard
      title={joining ? 'Join your team on Sitelens' : 'Create your Sitelens account'}
      subtitle={joining ? 'Your account will use the e-mail address your invitation was sent to.' : undefined}
    >
      <Form<RegisterForm> layout="vertical" onFinish={submit} requiredMark={false}>
        {!joining && (
          <Form.Item label="E-mail" name="email" rules={rules.email}>
            <Input inputMode="email" autoComplete="email" autoFocus />
          </Form.Item>
        )}
        <div className="auth-columns">
          <Form.Item label="First name" name="f_name" rules={rules.required}>
            <Input autoComplete="given-name" autoFocus={joining} />
          </Form.Item>
          <Form.Item label="Last name" name="l_name" rules={rules.required}>
            <Input autoComplete="family-name" />
          </Form.Item>
        </div>
        <Form.Item label="Password" name="pw" rules={rules.newPassword}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item label="Repeat password" name="repeat" dependencies={['pw']} rules={rules.repeat('pw')}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="terms" valuePropName="checked" initialValue={false} rules={rules.terms}>
          <Checkbox>I agree with the terms and conditions</Checkbox>
        </Form.Item>
        <HumanCheck onChange={human.onChange} resetKey={human.resetKey} />
        <Button type="primary" htmlType="submit" block loading={busy} disabled={!human.passed}>
          {joining ? 'Join the team' : 'Create account'}
        </Button>
      </Form>
      {!joining && (
        <p className="auth-switch">
          Already have an account? <Link to="/auth/login">Sign in</Link>
        </p>
      )}
    </AuthCard>
  );
}

async function registrationError(error: unknown, joining: boolean): Promise<string> {
  if (error instanceof Response && error.status === 409) {
    return joining ? await errorText(error) : ACCOUNT_MESSAGES.emailInUse;
  }
  if (!joining && error instanceof RequestError && error.status === 400) {
    const fields = (error.body as { fields?: { field: string }[] } | null)?.fields ?? [];
    return fields.some((f) => f.field === 'email') ? ACCOUNT_MESSAGES.invalidEmail : await errorText(error);
  }
  if (error instanceof RequestError && (error.body as { error?: string } | null)?.error)
    return errorText(error);
  return ACCOUNT_MESSAGES.registrationFailed;
}
