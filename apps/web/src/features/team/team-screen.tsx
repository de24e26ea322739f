import { DeleteOutlined, MailOutlined } from '@ant-design/icons';
import { ACCOUNT_MESSAGES, formatDate, MESSAGES, type Organization } from '@sitelens/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Form, Input, List, Popconfirm, Skeleton, Typography } from 'antd';
import { Navigate } from 'react-router';
import { errorText, RequestError, request } from '../../api/client';
import { ResponsiveTable } from '../../components/responsive-table';
import { useToast } from '../../components/use-toast';
import { useSession } from '../../session/session-context';
import { MEMBER_HOME } from '../sales/billing-screen';
import { organizationQuery } from './team.queries';

/** /user/team-members: the owner's (spec, roles). A member who opens it by its address goes to their profile. */
export function TeamScreen() {
  const { session } = useSession();
  if (session?.org_role === 'member') return <Navigate to={MEMBER_HOME} replace />;
  return <TeamPage />;
}

function TeamPage() {
  const team = useQuery(organizationQuery);
  if (team.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (team.isError) {
    if (team.error instanceof RequestError && team.error.status === 404) {
      return (
        <Card>
          <Empty description="You are not part of a team yet. A team is created with your first subscription." />
        </Card>
      );
    }
    return <Alert type="error" showIcon title="The team could not be loaded. Please try again." />;
  }
  return <Team team={team.data} />;
}

function Team({ team }: { team: Organization }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const { reload } = useSession();
  const isOwner = team.role === 'owner';
  const refresh = () => queryClient.invalidateQueries({ queryKey: organizationQuery.queryKey });

  const rename = useMutation({
    mutationFn: (name: string) => request('/organization', { method: 'PATCH', body: { name } }),
    onSuccess: async () => {
      await refresh();
      await reload();
      toast.success('The team name was saved.');
    },
    onError: async (error) => toast.error(await errorText(error)),
  });
  const invite = useMutation({
    mutationFn: (email: string) => request('/organization/invite', { method: 'POST', body: { email } }),
    onSuccess: () => {
      refresh();
      toast.success('The invitation was sent.');
    },
    onError: async (error) => toast.error(await errorText(error)),
  });
  const cancelInvite = useMutation({
    mutationFn: (token: string) => request('/organization/invite', { method: 'DELETE', body: { token } }),
    onSuccess: refresh,
    onError: async (error) => toast.error(await errorText(error)),
  });
  const remove = useMutation({
    mutationFn: (email: string) => request('/organization/member', { method: 'DELETE', body: { email } }),
    onSuccess: refresh,
    onError: () => toast.error(ACCOUNT_MESSAGES.memberRemoveFailed),
  });

  const used = team.members.length + team.invitations.length;
  const [form] = Form.useForm();

  return (
    <div className="team-page">
      <Card title="Team">
        {isOwner ? (
          <Form
            layout="inline"
            initialValues={{ name: team.name }}
            onFinish={({ name }) => rename.mutate(name.trim())}
          >
            <Form.Item
              name="name"
              label="Team name"
              rules={[{ required: true, whitespace: true, message: ACCOUNT_MESSAGES.teamNameRequired }]}
            >
              <Input maxLength={100} />
            </Form.Item>
            <Button htmlType="submit" loading={rename.isPending}>
              Save
            </Button>
          </Form>
        ) : (
          <Typography.Title level={3}>{team.name}</Typography.Title>
        )}
        <Typography.Paragraph type="secondary" className="team-owner">
          Owner: {team.owner}
        </Typography.Paragraph>
      </Card>

      <Card title={`Members (${team.members.length})`}>
        <ResponsiveTable<Organization['members'][number]>
          rowKey="email"
          dataSource={team.members}
          pagination={false}
          locale={{ emptyText: 'No members yet. Invite someone below.' }}
          // The member and Remove stay; the e-mail and the date give way on a narrow screen.
          columns={[
            {
              key: 'name',
              title: 'Name',
              width: 200,
              narrowWidth: 150,
              priority: 'key',
              render: (_, m) => `${m.f_name} ${m.l_name}`,
            },
            { key: 'email', title: 'E-mail', dataIndex: 'email', width: 260, priority: 1 },
            {
              key: 'joined',
              title: 'Joined',
              dataIndex: 'c_at',
              width: 130,
              priority: 2,
              render: (value: string) => formatDate(value),
            },
            ...(isOwner
              ? [
                  {
                    title: <span className="visually-hidden">Actions</span>,
                    key: 'remove',
                    width: 64,
                    priority: 'key' as const,
                    align: 'right' as const,
                    render: (_: unknown, m: Organization['members'][number]) => (
                      <Popconfirm
                        title={`Remove ${m.email} from the team?`}
                        okText="Remove"
                        okButtonProps={{ danger: true }}
                        onConfirm={() => remove.mutate(m.email)}
                      >
                        <Button
                          type="text"
                          danger
                          icon={<DeleteOutlined />}
                          aria-label={`Remove ${m.email}`}
                        />
                      </Popconfirm>
                    ),
                  },
                ]
              : []),
          ]}
        />
      </Card>

      {isOwner && (
        <Card title="Invitations">
          <List
            dataSource={team.invitations}
            locale={{ emptyText: 'No pending invitations.' }}
            renderItem={(invitation) => (
              <List.Item
                actions={[
                  <Button
                    key="cancel"
                    type="link"
                    loading={cancelInvite.isPending && cancelInvite.variables === invitation.token}
                    onClick={() => cancelInvite.mutate(invitation.token)}
                  >
                    Cancel invitation
                  </Button>,
                ]}
              >
                <List.Item.Meta
                  avatar={<MailOutlined />}
                  title={invitation.invited_email}
                  description="Pending"
                />
              </List.Item>
            )}
          />
          {team.max_team_members <= 0 ? (
            <Alert type="info" showIcon title={MESSAGES.featureNotInPlan} className="team-limit" />
          ) : used >= team.max_team_members ? (
            <Alert
              type="info"
              showIcon
              title={`Your plan allows up to ${team.max_team_members} team members.`}
              className="team-limit"
            />
          ) : (
            <Form
              form={form}
              layout="inline"
              className="invite-form"
              onFinish={({ email }) =>
                invite.mutate(email.trim().toLowerCase(), { onSuccess: () => form.resetFields() })
              }
            >
              <Form.Item
                name="email"
                rules={[{ required: true, type: 'email', message: ACCOUNT_MESSAGES.validEmail }]}
              >
                <Input inputMode="email" placeholder="colleague@company.com" aria-label="E-mail to invite" />
              </Form.Item>
              <Button type="primary" htmlType="submit" loading={invite.isPending}>
                Invite
              </Button>
            </Form>
          )}
        </Card>
      )}
    </div>
  );
}
