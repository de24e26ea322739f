import { activeSubscription, formatDate } from '@sitelens/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, Result, Skeleton, Space, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { errorText, request } from '../../api/client';
import { useToast } from '../../components/use-toast';
import { useSession } from '../../session/session-context';
import { organizationQuery } from '../team/team.queries';
import { subscriptionQuery } from './sales.queries';

/**
 * After the free trial starts: what the user now has, and one step worth doing first, naming the
 * team (it starts as 'Default'). Then on to the dashboard.
 */
export function AccountSetupScreen() {
  const navigate = useNavigate();
  const toast = useToast();
  const queryClient = useQueryClient();
  const { reload } = useSession();
  const subscription = useQuery(subscriptionQuery);
  const team = useQuery(organizationQuery);
  const rename = useMutation({
    mutationFn: (name: string) => request('/organization', { method: 'PATCH', body: { name } }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: organizationQuery.queryKey });
      await reload();
      navigate('/dashboard', { replace: true });
    },
    onError: async (error) => toast.error(await errorText(error)),
  });

  if (subscription.isPending || team.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  const current = activeSubscription(subscription.data);
  if (subscription.isError || team.isError || !current)
    return <Alert type="error" showIcon title="Your account could not be loaded. Please try again." />;
  const { plan_details, trial_ends_at } = current;
  return (
    <Card className="account-setup">
      <Result
        status="success"
        title={
          <Typography.Title level={1} className="minimal-page-title">
            Your free trial has started
          </Typography.Title>
        }
        subTitle={`${plan_details.name}${trial_ends_at ? `, free until ${formatDate(trial_ends_at)}` : ''}. Name your team, then start auditing.`}
      />
      <Form
        layout="vertical"
        initialValues={{ name: team.data.name }}
        onFinish={({ name }: { name: string }) => rename.mutate(name)}
        className="account-setup-form"
      >
        <Form.Item
          name="name"
          label="Team name"
          rules={[{ required: true, whitespace: true, message: 'Team name is required' }]}
        >
          <Input maxLength={100} />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" loading={rename.isPending}>
            Save and continue
          </Button>
          <Button onClick={() => navigate('/dashboard', { replace: true })}>Skip for now</Button>
        </Space>
      </Form>
    </Card>
  );
}
