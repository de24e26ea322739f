import { ConfigProvider, Menu, type MenuProps, type ThemeConfig, Tooltip } from 'antd';
import { Link, useLocation } from 'react-router';
import { NavIcon } from './nav-icon';
import { activeNavKey, NAVIGATION } from './navigation';

/** What a disabled item says on hover, worded like the checkup's 'White-label reports are not available yet'. */
export const notAvailableText = (label: string) => `${label} is not available yet`;

interface SideMenuProps {
  /** Paths that have a screen; other items are shown disabled, saying so on hover, until their screen lands. */
  isRouted(path: string): boolean;
  /** Collapsed to icons: group titles give way to dividers. */
  collapsed?: boolean;
  onNavigate?(): void;
}

/**
 * Compact rows (32 px high, 2 px apart, instead of 40 and 8) so the whole menu, with the brand, the
 * user block and the version, fits a laptop's 768 px of height; where it still does not,
 * `.sidebar-menu` shows that it scrolls.
 */
const COMPACT_MENU: ThemeConfig = {
  components: {
    Menu: { itemHeight: 32, itemMarginBlock: 1, groupTitleFontSize: 11, groupTitleLineHeight: 1.4 },
  },
};

export function SideMenu({ isRouted, collapsed = false, onNavigate }: SideMenuProps) {
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
  const active = activeNavKey(pathname);
  return (
    <ConfigProvider theme={COMPACT_MENU}>
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
    </ConfigProvider>
  );
}
