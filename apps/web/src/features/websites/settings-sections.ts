/** The sections of a website's settings (spec 2.3), in the order the tabs and menus list them. */
export const SETTINGS_SECTIONS = [
  { key: 'competitors', label: 'Competitors' },
  { key: 'keywords', label: 'Keywords' },
  { key: 'monitor-locations', label: 'Monitor locations' },
  { key: 'regional-database', label: 'Regional database' },
  { key: 'notifications', label: 'Uptime Notifications' },
  { key: 'remove-url', label: 'Remove Domain/Website' },
] as const;
export type SettingsSection = (typeof SETTINGS_SECTIONS)[number]['key'];

export const settingsPath = (section: SettingsSection, guid: string) =>
  `/dashboard/settings/${section}?w_guid=${guid}`;
