import { CreditCardOutlined, LogoutOutlined, TeamOutlined, UserOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Avatar, Button, Dropdown, type MenuProps } from 'antd';
import { useNavigate } from 'react-router';
import { appConfigQuery } from '../api/app-config.queries';
import type { Session } from '../session/session-context';

/** My account, Billing (owner, not for a legacy PayPal subscription), Team Members (owner), Logout. */
export function userMenuItems(session: Session, billingEnabled = true): NonNullable<MenuProps['items']> {
  const isOwner = session.org_role === 'owner';
  return [
    { key: '/user/account/profile', icon: <UserOutlined />, label: 'My account' },
    ...(isOwner && !session.is_legacy_paypal && billingEnabled
      ? [{ key: '/user/account/billing', icon: <CreditCardOutlined />, label: 'Billing' }]
      : []),
    ...(isOwner ? [{ key: '/user/team-members', icon: <TeamOutlined />, label: 'Team Members' }] : []),
    { type: 'divider' as const },
    { key: 'logout', icon: <LogoutOutlined />, label: 'Logout' },
  ];
}

export function UserMenu({ session, onLogout }: { session: Session; onLogout(): void }) {
  const navigate = useNavigate();
  // Without a payment processor (`BILLING_PROVIDER=none`) there is no billing to show.
  const billingEnabled = useQuery(appConfigQuery).data?.billing_provider !== 'none';
  const initials =
    `${session.f_name[0] ?? ''}${session.l_name[0] ?? ''}`.toUpperCase() || session.email[0]?.toUpperCase();
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: userMenuItems(session, billingEnabled),
        onClick: ({ key }) => (key === 'logout' ? onLogout() : navigate(key)),
      }}
    >
      <Button type="text" aria-label="User menu" className="user-menu-button">
        <Avatar size="small" style={{ background: '#1677ff' }}>
          {initials}
        </Avatar>
        <span className="user-menu-name">
          {`${session.f_name} ${session.l_name}`.trim() || session.email}
        </span>
      </Button>
    </Dropdown>
  );
}
