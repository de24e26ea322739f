import { Card, Typography } from 'antd';
import { useSession } from '../../session/session-context';

/** Until the dashboard's website summaries exist, the signed-in home greets the user and invents nothing. */
export function DashboardScreen() {
  const { session } = useSession();
  if (!session) return null;
  return (
    <Card>
      <Typography.Title level={4}>
        Welcome, {session.f_name} {session.l_name}
      </Typography.Title>
      <Typography.Paragraph type="secondary">Signed in as {session.email}.</Typography.Paragraph>
    </Card>
  );
}
