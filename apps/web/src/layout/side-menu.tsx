import { MailOutlined } from '@ant-design/icons';
import { Menu, type MenuProps, Tooltip } from 'antd';
import { Link, useLocation } from 'react-router';
import { NavIcon } from './nav-icon';
import { activeNavKey, NAVIGATION } from './navigation';

/** What a disabled item says on hover, worded like the checkup's 'White-label reports are not available yet'. */
export const notAvailableText = (label: string) => `${label} is not available yet`;

interface SideMenuProps {
  /** Paths that have a screen; other items are shown disabled, saying so on hover, until their screen lands. */
  isRouted(path: string): boolean;
  contactEmail: string | null;
  /** Collapsed to icons: group titles give way to dividers. */
  collapsed?: boolean;
  onNavigate?(): void;
}

export function SideMenu({ isRouted, contactEmail, collapsed = false, onNavigate }: SideMenuProps) {
  const { pathname } = useLocation();
  const toItem = (item: (typeof NAVIGATION)[number]['items'][number]) => {
    const icon = <NavIcon name={item.icon} />;
    if (isRouted(item.path))
      return {
        key: item.key,
        icon,
        label: (
          <Link to={item.path} onClick={onNavigate}>
            {item.label}
          </Link>
        ),
      };
    const notAvailable = notAvailableText(item.label);
    // Collapsed, only the icon shows: the menu's own tooltip says it (`title`). Expanded, a disabled
    // item swallows mouse events, so the tooltip hangs on a span of the label, which still gets them.
    return collapsed
      ? { key: item.key, icon, disabled: true, title: notAvailable, label: item.label }
      : {
          key: item.key,
          icon,
          disabled: true,
          label: (
            <Tooltip title={notAvailable} placement="right">
              <span>{item.label}</span>
            </Tooltip>
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
