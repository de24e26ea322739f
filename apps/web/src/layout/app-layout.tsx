import { MailOutlined, MenuFoldOutlined, MenuOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Button, Drawer, Layout, Spin, Typography } from 'antd';
import { Suspense, useEffect, useState } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { useSession } from '../session/session-context';
import { NOT_FOUND_TITLE, pageTitle } from './page-title';
import { SideMenu } from './side-menu';
import { SidebarUser } from './sidebar-user';
import { useIsMobile } from './use-is-mobile';
import { UserMenu } from './user-menu';

export const SIDEBAR_WIDTH = 240;
export const SIDEBAR_COLLAPSED_WIDTH = 64;
/** These pages hide the sidebar and page header and show only the e-mail and Logout. */
const MINIMAL_PAGES = ['/free-trial-setup', '/user/account/setup'];

interface AppLayoutProps {
  isRouted(path: string): boolean;
  contactEmail: string | null;
}

export function AppLayout({ isRouted, contactEmail }: AppLayoutProps) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { session, signOut } = useSession();
  const onLogout = async () => {
    await signOut();
    navigate('/auth/login', { replace: true });
  };
  const isMobile = useIsMobile();
  const [collapsed, setCollapsed] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const title = isRouted(pathname) ? pageTitle(pathname) : NOT_FOUND_TITLE;

  useEffect(() => {
    document.title = `${title} · Sitelens`;
  }, [title]);

  const content = (
    <Suspense fallback={<Spin size="large" className="page-loading" />}>
      <Outlet />
    </Suspense>
  );

  if (MINIMAL_PAGES.includes(pathname) && isRouted(pathname)) {
    return (
      <Layout className="app-minimal">
        <Layout.Header className="minimal-header">
          <Brand />
          <span className="minimal-header-user">
            <span className="minimal-header-email">{session?.email}</span>
            <Button type="link" onClick={onLogout}>
              Logout
            </Button>
          </span>
        </Layout.Header>
        <Layout.Content className="page-content">{content}</Layout.Content>
      </Layout>
    );
  }

  const sidebar = (
    <div className="sidebar-inner">
      <div className="sidebar-brand">
        <Brand compact={collapsed && !isMobile} />
      </div>
      {session && !(collapsed && !isMobile) && <SidebarUser session={session} />}
      <div className="sidebar-menu">
        <SideMenu
          isRouted={isRouted}
          collapsed={collapsed && !isMobile}
          onNavigate={() => setDrawerOpen(false)}
        />
      </div>
      {/* Contact sits beside the version, not in the menu: a row less, so the menu fits a laptop. */}
      <div className="sidebar-footer">
        <span className="sidebar-version" data-testid="app-version">
          v{__APP_VERSION__}
        </span>
        {contactEmail && (
          <a href={`mailto:${contactEmail}`} className="sidebar-contact" aria-label="Contact">
            <MailOutlined />
            {!(collapsed && !isMobile) && <span aria-hidden="true">Contact</span>}
          </a>
        )}
      </div>
    </div>
  );

  return (
    <Layout className="app-layout">
      {isMobile ? (
        <Drawer
          placement="left"
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          size={SIDEBAR_WIDTH}
          closable={false}
          styles={{ body: { padding: 0, background: '#001529' } }}
          rootClassName="sidebar-drawer"
        >
          <nav aria-label="Sidebar">{sidebar}</nav>
        </Drawer>
      ) : (
        <Layout.Sider
          width={SIDEBAR_WIDTH}
          collapsedWidth={SIDEBAR_COLLAPSED_WIDTH}
          collapsed={collapsed}
          trigger={null}
          className="app-sider"
          data-testid="sidebar"
        >
          <nav aria-label="Sidebar" className="sidebar-nav">
            {sidebar}
          </nav>
        </Layout.Sider>
      )}
      <Layout>
        <Layout.Header className="app-header">
          {isMobile ? (
            <Button
              type="text"
              icon={<MenuOutlined />}
              aria-label="Open menu"
              onClick={() => setDrawerOpen(true)}
            />
          ) : (
            <Button
              type="text"
              icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
              aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
              onClick={() => setCollapsed((value) => !value)}
            />
          )}
          <Typography.Title level={1} className="page-title">
            {title}
          </Typography.Title>
          {session && <UserMenu session={session} onLogout={onLogout} />}
        </Layout.Header>
        <Layout.Content className="page-content">{content}</Layout.Content>
      </Layout>
    </Layout>
  );
}

function Brand({ compact = false }: { compact?: boolean }) {
  return (
    <Link to="/" className="brand" aria-label="Sitelens">
      <img src="/favicon.svg" alt="" width={24} height={24} />
      {!compact && <span>Sitelens</span>}
    </Link>
  );
}
