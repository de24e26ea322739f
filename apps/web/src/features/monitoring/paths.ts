import type { Website } from '@sitelens/contracts';

/** The monitoring screens of a website, as the dashboard's cards and tiles link to them. */
export const siteSpeedPath = (website: Website) => `/site-speed?w_guid=${website.guid}`;
export const siteOutagePath = (website: Website) => `/site-outage?w_guid=${website.guid}`;
