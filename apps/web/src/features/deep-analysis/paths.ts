/** Where each Deep Analysis screen lives (spec 2.4), for links and redirects. */
export const overviewPath = (w: string) => `/deep-analysis?w_guid=${w}`;
export const setupDomainPath = (w: string) => `/deep-analysis/setup-domain?w_guid=${w}`;
export const monitoredUrlsPath = (w: string) => `/deep-analysis/monitored-urls?w_guid=${w}`;
export const pageGroupPath = (w: string, cluster: string) =>
  `/deep-analysis/page-group?w_guid=${w}&cluster_guid=${cluster}`;
export const failedCheckPath = (w: string, key: string, cluster?: string | null) =>
  `/deep-analysis/failed-check/${encodeURIComponent(key)}?w_guid=${w}${cluster ? `&cluster_guid=${cluster}` : ''}`;
export const domainReportPath = (w: string) => `/deep-analysis/report?w_guid=${w}`;
export const urlReportPath = (w: string, u: string) => `/deep-analysis/report?w_guid=${w}&url_guid=${u}`;
