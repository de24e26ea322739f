import { ACCOUNT_MESSAGES } from '@sitelens/contracts';
import { Alert, Button, Card, Form, Input, Modal, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { RequestError, request } from '../../api/client';
import { useToast } from '../../components/use-toast';
import { useIsMobile } from '../../layout/use-is-mobile';
import { useSession } from '../../session/session-context';
import { rules } from '../auth/rules';
import { CancellationDialog, type CancellationReason } from './cancellation-dialog';

export function AccountScreen() {
  const { session } = useSession();
  const isMobile = useIsMobile();
  if (!session) return null;
  const expiredMember = session.org_role === 'member' && session.subscription.status === 'expired';
  return (
    <div className="page-narrow">
      {expiredMember && (
        <Alert type="warning" showIcon title={ACCOUNT_MESSAGES.memberExpired} className="page-alert" />
      )}
      <Card>
        <Tabs
          size={isMobile ? 'small' : 'middle'}
          tabBarGutter={isMobile ? 14 : 24}
          items={[
            { key: 'personal', label: 'Personal information', children: <PersonalTab /> },
            { key: 'security', label: 'Security', children: <SecurityTab /> },
            { key: 'delete', label: 'Delete account', children: <DeleteTab /> },
          ]}
        />
      </Card>
    </div>
  );
}

function PersonalTab() {
  const { session, reload } = useSession();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  async function save(values: { f_name: string; l_name: string }) {
    setBusy(true);
    try {
      await request(`/user/${session!.guid}`, {
        method: 'PATCH',
        body: { f_name: values.f_name.trim(), l_name: values.l_name.trim() },
      });
      await reload();
      toast.success(ACCOUNT_MESSAGES.profileUpdated);
    } catch {
      toast.error(ACCOUNT_MESSAGES.profileFailed);
    } finally {
      setBusy(false);
    }
  }
  return (
    <Form
      layout="vertical"
      onFinish={save}
      initialValues={{ f_name: session?.f_name, l_name: session?.l_name, email: session?.email }}
      requiredMark={false}
      className="form-narrow"
    >
      <Form.Item label="First name" name="f_name" rules={rules.required}>
        <Input autoComplete="given-name" />
      </Form.Item>
      <Form.Item label="Last name" name="l_name" rules={rules.required}>
        <Input autoComplete="family-name" />
      </Form.Item>
      <Form.Item label="E-mail" name="email" extra="Your e-mail address cannot be changed.">
        <Input disabled />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={busy}>
        Save changes
      </Button>
    </Form>
  );
}

function SecurityTab() {
  const { session } = useSession();
  const toast = useToast();
  const [confirming, setConfirming] = useState(false);
  const [confirmed, setConfirmed] = useState(false);
  const [wrong, setWrong] = useState(false);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm();

  async function confirm({ password }: { password: string }) {
    setBusy(true);
    try {
      await request('/auth', {
        method: 'POST',
        body: { user_name: session!.email, password },
        refreshOn401: false,
      });
      setConfirming(false);
      setConfirmed(true);
      setWrong(false);
    } catch (error) {
      toast.error(ACCOUNT_MESSAGES.currentPasswordWrong);
      setWrong(error instanceof RequestError && error.status === 401);
    } finally {
      setBusy(false);
    }
  }

  async function change({ pw }: { pw: string }) {
    setBusy(true);
    try {
      await request(`/user/${session!.guid}`, { method: 'PATCH', body: { pw } });
      toast.success(ACCOUNT_MESSAGES.passwordChanged);
      setConfirmed(false);
      form.resetFields();
    } catch {
      toast.error(ACCOUNT_MESSAGES.passwordUpdateFailed);
    } finally {
      setBusy(false);
    }
  }

  if (confirmed) {
    return (
      <Form form={form} layout="vertical" onFinish={change} requiredMark={false} className="form-narrow">
        <Form.Item
          label="New password"
          name="pw"
          rules={[{ required: true, min: 6, message: ACCOUNT_MESSAGES.minPassword }]}
        >
          <Input.Password autoComplete="new-password" autoFocus />
        </Form.Item>
        <Form.Item
          label="Repeat the new password"
          name="repeat"
          dependencies={['pw']}
          rules={rules.repeat('pw')}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy}>
          Change password
        </Button>
      </Form>
    );
  }
  return (
    <div>
      <Typography.Paragraph>To change your password, first confirm the one you use now.</Typography.Paragraph>
      <Button onClick={() => setConfirming(true)}>Change password</Button>
      <Modal
        open={confirming}
        title="Confirm your current password"
        footer={null}
        onCancel={() => setConfirming(false)}
        destroyOnHidden
      >
        <Form layout="vertical" onFinish={confirm} requiredMark={false}>
          <Form.Item
            label="Current password"
            name="password"
            rules={[{ required: true, message: ACCOUNT_MESSAGES.required }]}
            validateStatus={wrong ? 'error' : undefined}
            help={wrong ? ACCOUNT_MESSAGES.currentPasswordModal : undefined}
          >
            <Input.Password autoComplete="current-password" autoFocus onChange={() => setWrong(false)} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={busy} block>
            Confirm
          </Button>
        </Form>
      </Modal>
    </div>
  );
}

function DeleteTab() {
  const { signOut } = useSession();
  const navigate = useNavigate();
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  async function remove(reason: CancellationReason) {
    setBusy(true);
    try {
      await request('/user', { method: 'DELETE', body: reason });
      toast.success(ACCOUNT_MESSAGES.accountDeleted);
      await signOut();
      navigate('/auth/login', { replace: true });
    } catch {
      toast.error(ACCOUNT_MESSAGES.accountDeleteFailed);
      setBusy(false);
    }
  }

  return (
    <div>
      <Typography.Paragraph>
        Deleting your account removes your profile and, if you own a team, the team and its data. Members of
        your team keep their own accounts. This cannot be undone.
      </Typography.Paragraph>
      <Button danger onClick={() => setOpen(true)}>
        Delete account
      </Button>
      <CancellationDialog
        open={open}
        title="Delete your account"
        confirmText="Delete my account"
        busy={busy}
        onConfirm={remove}
        onCancel={() => setOpen(false)}
      />
    </div>
  );
}
