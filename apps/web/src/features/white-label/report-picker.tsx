import { WHITE_LABEL_MESSAGES } from '@sitelens/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Cascader, type CascaderProps, Typography } from 'antd';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { ServerErrorAlert } from '../websites/server-error-alert';
import { reportDomainOf, reportDomainsQuery, reportUrlPageQuery } from './white-label.queries';

const messages = {
  loadMore: 'Load more',
  loadingMore: 'Loading…',
  retry: 'Something went wrong. Try again',
  noReports: 'You have no saved reports yet.',
  runCheckup: 'Run an SEO Checkup',
};

/** Values of the options that are not URLs (a URL always has a scheme, so none can clash). */
const LOAD_MORE = '#load-more';
const NO_URLS = '#no-urls';
const RETRY = '#retry';

interface DomainUrls {
  urls: string[];
  /** The next page's token; null when every URL is here. */
  next: string | null;
  /** The first page has arrived (until then the domain shows the cascader's own spinner). */
  loaded: boolean;
  loading: boolean;
  failed: boolean;
}

interface Option {
  value: string;
  label: ReactNode;
  isLeaf?: boolean;
  disabled?: boolean;
  children?: Option[];
}

/**
 * The URLs of each opened domain, page by page (50 at a time); each page is read through the query
 * cache, so opening a domain again costs nothing.
 */
function useDomainUrls() {
  const queryClient = useQueryClient();
  const [byDomain, setByDomain] = useState<Record<string, DomainUrls>>({});

  const load = useCallback(
    async (domain: string, next: string | null) => {
      const patch = (change: Partial<DomainUrls>) =>
        setByDomain((all) => {
          const current = all[domain] ?? {
            urls: [],
            next: null,
            loaded: false,
            loading: false,
            failed: false,
          };
          return { ...all, [domain]: { ...current, ...change } };
        });
      patch({ loading: true, failed: false });
      try {
        const page = await queryClient.fetchQuery(reportUrlPageQuery(domain, next));
        setByDomain((all) => {
          const known = next === null ? [] : (all[domain]?.urls ?? []);
          const urls = [...known, ...page.urls.filter((url) => !known.includes(url))];
          return {
            ...all,
            [domain]: { urls, next: page.next_token, loaded: true, loading: false, failed: false },
          };
        });
      } catch {
        patch({ loaded: true, loading: false, failed: true });
      }
    },
    [queryClient],
  );

  return { byDomain, load };
}

/**
 * The saved report to brand: a domain, then one of its URLs, with 'Load more' while the domain has
 * more; `value` is the report's URL.
 */
export function ReportPicker({
  id,
  value,
  onChange,
}: {
  id?: string;
  value: string | null;
  onChange: (url: string | null) => void;
}) {
  const domains = useQuery(reportDomainsQuery);
  const { byDomain, load } = useDomainUrls();
  const chosenDomain = value ? reportDomainOf(value) : null;

  // A report chosen elsewhere (the checkup's White Label button): its domain's URLs are read, so
  // the cascader opens on them.
  const chosenLoaded = chosenDomain ? byDomain[chosenDomain] !== undefined : true;
  useEffect(() => {
    if (chosenDomain && !chosenLoaded) void load(chosenDomain, null);
  }, [chosenDomain, chosenLoaded, load]);

  const loadMore = (domain: string) => {
    const entry = byDomain[domain];
    if (entry?.next && !entry.loading) void load(domain, entry.next);
  };

  /** An item that acts instead of being chosen ('Load more', 'Try again'), keeping the list open. */
  const actionOption = (value: string, label: string, act: () => void, disabled = false): Option => ({
    value,
    isLeaf: true,
    disabled,
    label: (
      // The item's own click would choose it and close the list; this acts and keeps it open.
      // biome-ignore lint/a11y/noStaticElementInteractions: the menu item around it is the control.
      // biome-ignore lint/a11y/useKeyWithClickEvents: Enter on the item goes through onChange.
      <span
        className="wl-menu-action"
        onClick={(event) => {
          event.stopPropagation();
          act();
        }}
      >
        {label}
      </span>
    ),
  });

  const urlOptions = (domain: string, entry: DomainUrls): Option[] => {
    if (entry.urls.length === 0 && entry.failed)
      return [actionOption(RETRY, messages.retry, () => void load(domain, null), entry.loading)];
    if (entry.urls.length === 0)
      return [{ value: NO_URLS, label: WHITE_LABEL_MESSAGES.noUrls, disabled: true, isLeaf: true }];
    const options: Option[] = entry.urls.map((url) => ({ value: url, label: url, isLeaf: true }));
    if (entry.next)
      options.push(
        actionOption(
          LOAD_MORE,
          entry.loading ? messages.loadingMore : messages.loadMore,
          () => loadMore(domain),
          entry.loading,
        ),
      );
    return options;
  };

  const options: Option[] = (domains.data?.domains ?? []).map((domain) => {
    const entry = byDomain[domain];
    // Until its URLs are read a domain is a branch without children: opening it calls loadData.
    return entry?.loaded
      ? { value: domain, label: domain, children: urlOptions(domain, entry) }
      : { value: domain, label: domain, isLeaf: false };
  });

  const change: CascaderProps<Option>['onChange'] = (path) => {
    const [domain, url] = (path ?? []) as string[];
    if (domain && url === LOAD_MORE) return loadMore(domain);
    if (domain && url === RETRY) return void load(domain, null);
    onChange(url && url !== NO_URLS ? url : null);
  };

  return (
    <>
      <Cascader<Option>
        id={id}
        className="wl-report-picker"
        classNames={{ popup: { root: 'wl-report-picker-popup' } }}
        options={options}
        value={value && chosenDomain ? [chosenDomain, value] : undefined}
        onChange={change}
        loadData={(selected) => {
          const domain = selected[0]?.value;
          if (domain && !byDomain[domain]) void load(domain, null);
        }}
        loading={domains.isPending}
        placeholder={WHITE_LABEL_MESSAGES.selectReport}
        notFoundContent={domains.isPending ? undefined : messages.noReports}
        allowClear
      />
      {domains.isError && <ServerErrorAlert error={domains.error} />}
      {domains.data?.domains.length === 0 && (
        <Typography.Text type="secondary" className="wl-no-reports">
          {messages.noReports} <Link to="/analysis">{messages.runCheckup}</Link>
        </Typography.Text>
      )}
    </>
  );
}
