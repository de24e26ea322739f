import type { Session } from '../../session/session-context';

/** The sections of a website's settings (spec 2.3), in the order the tabs and menus list them. */
export const SETTINGS_SECTIONS = [
  { key: 'competitors', label: 'Competitors' },
  { key: 'keywords', label: 'Keywords' },
  { key: 'monitor-locations', label: 'Monitor locations' },
  { key: 'regional-database', label: 'Regional database' },
  { key: 'notifications', label: 'Uptime Notifications' },
  // A member sees the connection and its import; connecting it is the owner's (the section says so).
  { key: 'search-console', label: 'Google Search Console' },
  // Removing a website deletes its data for the whole team: the server refuses it to a member.
  { key: 'remove-url', label: 'Remove Domain/Website', ownerOnly: true },
] as const;
export type SettingsSection = (typeof SETTINGS_SECTIONS)[number]['key'];

/** The sections offered to someone of this role: a member is not shown what only the owner may do. */
export const settingsSectionsFor = (role: Session['org_role']) =>
  SETTINGS_SECTIONS.filter((section) => role !== 'member' || !('ownerOnly' in section));

export const settingsPath = (section: SettingsSection, guid: string) =>
  `/dashboard/settings/${section}?w_guid=${guid}`;
