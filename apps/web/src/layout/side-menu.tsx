import { MailOutlined } from '@ant-design/icons';
import { Menu, type MenuProps } from 'antd';
import { Link, useLocation } from 'react-router';
import { NavIcon } from './nav-icon';
import { activeNavKey, NAVIGATION } from './navigation';

interface SideMenuProps {
  /** Paths that have a screen; other items are shown but disabled until their screen lands. */
  isRouted(path: string): boolean;
  contactEmail: string | null;
  /** Collapsed to icons: group titles give way to dividers. */
  collapsed?: boolean;
  onNavigate?(): void;
}

export function SideMenu({ isRouted, contactEmail, collapsed = false, onNavigate }: SideMenuProps) {
  const { pathname } = useLocation();
  const toItem = (item: (typeof NAVIGATION)[number]['items'][number]) => {
    const routed = isRouted(item.path);
    return {
      key: item.key,
      icon: <NavIcon name={item.icon} />,
      disabled: !routed,
      label: routed ? (
        <Link to={item.path} onClick={onNavigate}>
          {item.label}
        </Link>
      ) : (
        item.label
      ),
    };
  };
  const items: NonNullable<MenuProps['items']> = NAVIGATION.flatMap(
    (group): NonNullable<MenuProps['items']> =>
      group.label === null
        ? group.items.map(toItem)
        : collapsed
          ? [{ type: 'divider', key: `${group.key}-divider` }, ...group.items.map(toItem)]
          : [{ type: 'group', key: group.key, label: group.label, children: group.items.map(toItem) }],
  );
  if (contactEmail) {
    items.push({ type: 'divider' });
    items.push({
      key: 'contact',
      icon: <MailOutlined />,
      label: <a href={`mailto:${contactEmail}`}>Contact</a>,
    });
  }
  const active = activeNavKey(pathname);
  return (
    <Menu
      mode="inline"
      theme="dark"
      items={items}
      selectedKeys={active ? [active] : []}
      inlineCollapsed={collapsed}
      inlineIndent={16}
      style={{ borderInlineEnd: 0 }}
      aria-label="Main menu"
    />
  );
}
