import {
  formatDate,
  formatTime,
  SEARCH_CONSOLE_MESSAGES,
  type SearchConsoleConnection,
  type SearchConsoleState,
  type Website,
} from '@sitelens/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Descriptions,
  Form,
  Modal,
  Radio,
  Skeleton,
  Space,
  Spin,
  Tag,
  Typography,
} from 'antd';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { errorText, fieldProblem } from '../../../api/client';
import { useToast } from '../../../components/use-toast';
import { useSession } from '../../../session/session-context';
import { ServerErrorAlert } from '../server-error-alert';
import {
  chooseSearchConsoleProperty,
  connectServiceAccount,
  disconnectSearchConsole,
  googleConsentPage,
  searchConsoleKey,
  searchConsolePropertiesQuery,
  searchConsoleQuery,
  startGoogleConsent,
} from './search-console.queries';
import './search-console.css';

// What the server does: docs/search-console.md. Google's refusals are said in the contracts' words.
export const SC_MESSAGES = {
  title: 'Google Search Console',
  intro:
    'Import this website’s clicks, impressions, click-through rate (CTR) and average position in Google Search from Google Search Console: Google’s own figures, free, for the last 16 months.',
  redirect: 'Google redirects to',
  ownerOnlyConnect: 'Only the team owner can connect Google Search Console.',
  ownerOnlyProperty: 'Only the team owner can pick the property to import.',
  ownerOnlyReconnect: 'Only the team owner can reconnect Google Search Console.',
  choosing: (how: string) => `Connected with ${how}. Pick the property to import.`,
  noPropertyYet: (how: string) => `Connected with ${how}; no property is imported yet.`,
  connected: 'Google Search Console connected.',
  serviceAccount: 'The service account reads Google Search Console for this website.',
  importing: (property: string) => `Importing ${property} from Google.`,
  noProperty: (who: string) => `${who} reads no Search Console property.`,
  addProperty:
    'Add the website in Search Console, or have its owner give this account access: in Search Console, open the property, then Settings → Users and permissions → Add user.',
  replaces: (property: string) => `Importing another property deletes the figures imported from ${property}.`,
  notCovering: (domain: string) => `does not cover ${domain}`,
  running: (days: string | null) => `Importing from Google…${days ? ` ${days} so far.` : ''}`,
  importedDays: (days: string, from: string, to: string) => `${days} imported (${from} – ${to})`,
  provisional: (count: number) => `, ${count} of them still being revised by Google`,
  serviceAccountEmail: (email: string) =>
    `The service account is ${email}: add it as a user of the property in Search Console (Settings → Users and permissions) before using it.`,
  lastImport: (at: string) => `Last import ${formatDate(at)} at ${formatTime(at)}`,
  noFigures: 'Google has no figures for this property yet — Google reports with a 2–3 day delay.',
  notImported: 'Nothing imported yet.',
  disconnectTitle: 'Disconnect Google Search Console?',
  disconnectOauth:
    'The import stops and the Google account’s permission is revoked at Google. The figures imported so far stay readable unless you delete them.',
  disconnectServiceAccount:
    'The import stops. The figures imported so far stay readable unless you delete them.',
  deleteData: 'Also delete the imported figures',
  disconnected: 'Google Search Console disconnected.',
  disconnectedDeleted: 'Google Search Console disconnected and its imported figures deleted.',
} as const;

/** What Google's redirect back says went wrong (`search_console_error`), in the contracts' words. */
const RETURN_ERRORS: Record<string, string> = {
  consent_refused: SEARCH_CONSOLE_MESSAGES.consentRefused,
  link_expired: SEARCH_CONSOLE_MESSAGES.linkExpired,
  google_failed: SEARCH_CONSOLE_MESSAGES.googleUnreachable,
};

const METHOD_LABELS = { oauth: 'Google account', service_account: 'Service account' } as const;
const METHOD_PHRASES = { oauth: 'a Google account', service_account: 'the service account' } as const;

const PERMISSIONS: Record<string, string> = {
  siteOwner: 'Owner',
  siteFullUser: 'Full user',
  siteRestrictedUser: 'Restricted user',
};

const dayCount = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'day' : 'days'}`;
/** A calendar day (YYYY-MM-DD) as the app writes dates, read as that day wherever the viewer is. */
const calendarDay = (day: string) => formatDate(`${day}T00:00:00`);
const propertyKind = (siteUrl: string) =>
  siteUrl.startsWith('sc-domain:') ? 'Domain property' : 'URL-prefix property';

/**
 * The outcome of Google's redirect back (`search_console=connected`, `search_console_error=…`): read
 * once, said once, then taken out of the address, keeping w_guid. A return without w_guid (an
 * expired link) gets it from the website selection first, and loses the outcome after that.
 */
function useGoogleReturn(guid: string) {
  const toast = useToast();
  const [params, setParams] = useSearchParams();
  const [connected] = useState(() => params.get('search_console') === 'connected');
  const [error, setError] = useState(() => {
    const code = params.get('search_console_error');
    return code === null ? null : (RETURN_ERRORS[code] ?? SEARCH_CONSOLE_MESSAGES.googleUnreachable);
  });
  const told = useRef(false);

  useEffect(() => {
    if (connected && !told.current) toast.success(SC_MESSAGES.connected);
    told.current = true;
  }, [connected, toast]);

  useEffect(() => {
    if (!params.has('search_console') && !params.has('search_console_error')) return;
    if (params.get('w_guid') !== guid) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('search_console');
        next.delete('search_console_error');
        return next;
      },
      { replace: true },
    );
  }, [params, guid, setParams]);

  return { error, dismiss: () => setError(null) };
}

/** Website settings, "Google Search Console": the connection (owner), the property and its import. */
export function SearchConsoleSection({ website }: { website: Website }) {
  const owner = useSession().session?.org_role !== 'member';
  const state = useQuery(searchConsoleQuery(website.guid));
  const returned = useGoogleReturn(website.guid);
  const queryClient = useQueryClient();
  const toast = useToast();
  // Chosen again from the list while connected (Change property, Pick another property).
  const [choosing, setChoosing] = useState(false);
  // Google's page is loading: the button stays busy until the browser has left.
  const [leaving, setLeaving] = useState(false);
  const onError = async (error: unknown) => toast.error(await errorText(error));
  // Back from Google's page by the browser's Back button (the page restored as it was left).
  useEffect(() => {
    const back = (event: PageTransitionEvent) => event.persisted && setLeaving(false);
    window.addEventListener('pageshow', back);
    return () => window.removeEventListener('pageshow', back);
  }, []);

  const consent = useMutation({
    mutationFn: () => startGoogleConsent(website.guid),
    onMutate: returned.dismiss,
    onSuccess: ({ authorization_url }) => {
      setLeaving(true);
      googleConsentPage.open(authorization_url);
    },
    onError,
  });
  const serviceAccount = useMutation({
    mutationFn: () => connectServiceAccount(website.guid),
    onMutate: returned.dismiss,
    onSuccess: async (next) => {
      queryClient.setQueryData(searchConsoleQuery(website.guid).queryKey, next);
      setChoosing(false);
      toast.success(SC_MESSAGES.serviceAccount);
      await queryClient.invalidateQueries({ queryKey: searchConsolePropertiesQuery(website.guid).queryKey });
    },
    onError,
  });
  const connecting = consent.isPending || leaving;
  const busy = connecting || serviceAccount.isPending;

  let body: ReactNode;
  if (state.isPending) body = <Skeleton active paragraph={{ rows: 3 }} />;
  else if (state.isError) return <ServerErrorAlert error={state.error} />;
  else {
    const { available, connection } = state.data;
    const configured = available.oauth || available.service_account;
    const connectButton = (label: string, primary = true) =>
      available.oauth ? (
        <Button
          type={primary ? 'primary' : 'default'}
          loading={connecting}
          disabled={busy && !connecting}
          onClick={() => consent.mutate()}
        >
          {label}
        </Button>
      ) : null;
    const serviceAccountButton = available.service_account ? (
      <Button
        loading={serviceAccount.isPending}
        disabled={busy && !serviceAccount.isPending}
        onClick={() => serviceAccount.mutate()}
      >
        Use the service account
      </Button>
    ) : null;

    body = (
      <>
        {connection === null && !configured && (
          <Typography.Paragraph className="settings-note">{SC_MESSAGES.intro}</Typography.Paragraph>
        )}
        {!configured && <Alert type="info" showIcon title={SEARCH_CONSOLE_MESSAGES.notConfigured} />}
        {connection === null ? (
          configured && (
            <NotConnected
              state={state.data}
              owner={owner}
              actions={
                <>
                  {connectButton('Connect a Google account')}
                  {serviceAccountButton}
                </>
              }
            />
          )
        ) : connection.status === 'choose_property' || choosing ? (
          owner ? (
            <PropertyPicker
              website={website}
              connection={connection}
              onCancel={connection.status === 'choose_property' ? undefined : () => setChoosing(false)}
              onChosen={() => setChoosing(false)}
              connectAnother={connectButton(
                connection.method === 'oauth' ? 'Connect another Google account' : 'Connect a Google account',
                false,
              )}
            />
          ) : (
            <>
              <Typography.Paragraph className="settings-note">
                {SC_MESSAGES.noPropertyYet(METHOD_PHRASES[connection.method])}
              </Typography.Paragraph>
              <Typography.Text type="secondary">{SC_MESSAGES.ownerOnlyProperty}</Typography.Text>
            </>
          )
        ) : (
          <Connection
            website={website}
            connection={connection}
            owner={owner}
            busy={busy}
            reconnect={connectButton('Reconnect')}
            onChooseAgain={() => setChoosing(true)}
          />
        )}
      </>
    );
  }

  return (
    <Card title={SC_MESSAGES.title} className="settings-card search-console">
      {returned.error && (
        <Alert
          type="error"
          showIcon
          title={returned.error}
          closable={{ onClose: returned.dismiss, 'aria-label': 'Close' }}
        />
      )}
      {body}
    </Card>
  );
}

function NotConnected({
  state,
  owner,
  actions,
}: {
  state: SearchConsoleState;
  owner: boolean;
  actions: ReactNode;
}) {
  return (
    <>
      <Typography.Paragraph className="settings-note">{SC_MESSAGES.intro}</Typography.Paragraph>
      {owner ? (
        <>
          <div className="search-console-actions">{actions}</div>
          {state.available.oauth && (
            <Typography.Text type="secondary" className="search-console-redirect">
              {SC_MESSAGES.redirect} <Typography.Text code>{state.redirect_uri}</Typography.Text>
            </Typography.Text>
          )}
          {state.service_account_email && (
            <Typography.Text type="secondary" className="search-console-redirect">
              {SC_MESSAGES.serviceAccountEmail(state.service_account_email)}
            </Typography.Text>
          )}
        </>
      ) : (
        <Typography.Text type="secondary">{SC_MESSAGES.ownerOnlyConnect}</Typography.Text>
      )}
    </>
  );
}

/** The properties the connection reads, the website's own first and the best one preselected. */
function PropertyPicker({
  website,
  connection,
  onCancel,
  onChosen,
  connectAnother,
}: {
  website: Website;
  connection: SearchConsoleConnection;
  onCancel?: () => void;
  onChosen: () => void;
  connectAnother: ReactNode;
}) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const properties = useQuery(searchConsolePropertiesQuery(website.guid));
  const [picked, setPicked] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const choose = useMutation({
    mutationFn: (siteUrl: string) => chooseSearchConsoleProperty(website.guid, siteUrl),
    onSuccess: (next, siteUrl) => {
      queryClient.setQueryData(searchConsoleQuery(website.guid).queryKey, next);
      toast.success(SC_MESSAGES.importing(siteUrl));
      onChosen();
    },
    onError: async (error) => {
      const text = fieldProblem(error, 'site_url');
      if (text) setProblem(text);
      else toast.error(await errorText(error));
    },
  });

  if (properties.isPending) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (properties.isError)
    return (
      <>
        <ServerErrorAlert error={properties.error} />
        <div className="search-console-actions">
          {connectAnother}
          {onCancel && <Button onClick={onCancel}>Cancel</Button>}
        </div>
      </>
    );

  const who = connection.method === 'oauth' ? 'This Google account' : 'The service account';
  if (properties.data.properties.length === 0)
    return (
      <>
        <Alert
          type="warning"
          showIcon
          title={SC_MESSAGES.noProperty(who)}
          description={SC_MESSAGES.addProperty}
        />
        <div className="search-console-actions">
          {connectAnother}
          <Button loading={properties.isFetching} onClick={() => properties.refetch()}>
            Check again
          </Button>
          {onCancel && <Button onClick={onCancel}>Cancel</Button>}
        </div>
      </>
    );

  // The server lists the best match first; the website's own properties stay ahead of the others.
  const list = [...properties.data.properties].sort((a, b) => Number(b.matches) - Number(a.matches));
  const current = connection.status === 'choose_property' ? null : connection.property;
  // Changing: the property read now, while the account still reads it; else the best match.
  const listed = list.some((property) => property.site_url === current) ? current : null;
  const value = picked ?? listed ?? properties.data.suggested;
  const submit = () => {
    if (!value) return;
    setProblem(null);
    choose.mutate(value);
  };

  return (
    <>
      <Typography.Paragraph className="settings-note">
        {SC_MESSAGES.choosing(METHOD_PHRASES[connection.method])}
      </Typography.Paragraph>
      <Form layout="vertical" className="search-console-form" onFinish={submit}>
        <Form.Item
          label="Property"
          validateStatus={problem ? 'error' : undefined}
          help={problem ?? undefined}
          className="search-console-field"
        >
          <Radio.Group
            aria-label="Property"
            className="search-console-properties"
            value={value}
            onChange={(event) => {
              setPicked(event.target.value);
              setProblem(null);
            }}
          >
            {list.map((property) => (
              <Radio key={property.site_url} value={property.site_url} className="search-console-property">
                <span className="search-console-property-url">{property.site_url}</span>
                <span className="search-console-property-meta">
                  <Typography.Text type="secondary">
                    {propertyKind(property.site_url)} ·{' '}
                    {PERMISSIONS[property.permission_level] ?? property.permission_level}
                  </Typography.Text>
                  {!property.matches && <Tag>{SC_MESSAGES.notCovering(website.domain)}</Tag>}
                </span>
              </Radio>
            ))}
          </Radio.Group>
        </Form.Item>
        {current && value && value !== current && (
          <Alert type="warning" showIcon title={SC_MESSAGES.replaces(current)} />
        )}
        <div className="search-console-actions">
          <Button type="primary" htmlType="submit" disabled={!value} loading={choose.isPending}>
            Import this property
          </Button>
          {onCancel && (
            <Button disabled={choose.isPending} onClick={onCancel}>
              Cancel
            </Button>
          )}
        </div>
      </Form>
    </>
  );
}

/** The property read, how, and its import; a reconnect says why Google refused. */
function Connection({
  website,
  connection,
  owner,
  busy,
  reconnect,
  onChooseAgain,
}: {
  website: Website;
  connection: SearchConsoleConnection;
  owner: boolean;
  busy: boolean;
  reconnect: ReactNode;
  onChooseAgain: () => void;
}) {
  const needsReconnect = connection.status === 'reconnect';
  return (
    <>
      {needsReconnect && (
        <Alert type="warning" showIcon title={connection.problem ?? SEARCH_CONSOLE_MESSAGES.reconnect} />
      )}
      <Descriptions
        column={1}
        size="small"
        colon={false}
        className="search-console-details"
        items={[
          { key: 'property', label: 'Property', children: connection.property },
          { key: 'method', label: 'Read with', children: METHOD_LABELS[connection.method] },
          { key: 'import', label: 'Import', children: <ImportStatus connection={connection} /> },
        ]}
      />
      {owner && (
        <div className="search-console-actions">
          {needsReconnect && reconnect}
          <Button disabled={busy} onClick={onChooseAgain}>
            {needsReconnect ? 'Pick another property' : 'Change property'}
          </Button>
          <DisconnectButton website={website} connection={connection} disabled={busy} />
        </div>
      )}
      {!owner && needsReconnect && (
        <Typography.Text type="secondary">{SC_MESSAGES.ownerOnlyReconnect}</Typography.Text>
      )}
    </>
  );
}

function ImportStatus({ connection }: { connection: SearchConsoleConnection }) {
  const { import: run } = connection;
  if (run.running)
    return (
      <Space size={8} className="search-console-running">
        <Spin size="small" />
        <span>{SC_MESSAGES.running(run.days_imported > 0 ? dayCount(run.days_imported) : null)}</span>
      </Space>
    );
  if (run.days_imported > 0 && run.first_day && run.last_day)
    return (
      <Space orientation="vertical" size={2}>
        <span>
          {SC_MESSAGES.importedDays(
            dayCount(run.days_imported),
            calendarDay(run.first_day),
            calendarDay(run.last_day),
          )}
          {run.days_provisional > 0 && SC_MESSAGES.provisional(run.days_provisional)}
        </span>
        {run.last_run_at && (
          <Typography.Text type="secondary">{SC_MESSAGES.lastImport(run.last_run_at)}</Typography.Text>
        )}
      </Space>
    );
  if (run.last_run_at)
    return (
      <Space orientation="vertical" size={2}>
        <span>{SC_MESSAGES.noFigures}</span>
        <Typography.Text type="secondary">{SC_MESSAGES.lastImport(run.last_run_at)}</Typography.Text>
      </Space>
    );
  return <span>{SC_MESSAGES.notImported}</span>;
}

function DisconnectButton({
  website,
  connection,
  disabled,
}: {
  website: Website;
  connection: SearchConsoleConnection;
  disabled: boolean;
}) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const [confirming, setConfirming] = useState(false);
  const [deleteData, setDeleteData] = useState(false);
  const disconnect = useMutation({
    mutationFn: (withData: boolean) => disconnectSearchConsole(website.guid, withData),
    onSuccess: async (_, withData) => {
      setConfirming(false);
      toast.success(withData ? SC_MESSAGES.disconnectedDeleted : SC_MESSAGES.disconnected);
      await queryClient.invalidateQueries({ queryKey: searchConsoleKey(website.guid) });
    },
    onError: async (error) => toast.error(await errorText(error)),
  });

  return (
    <>
      <Button
        danger
        disabled={disabled}
        onClick={() => {
          setDeleteData(false);
          setConfirming(true);
        }}
      >
        Disconnect
      </Button>
      <Modal
        open={confirming}
        title={SC_MESSAGES.disconnectTitle}
        okText="Disconnect"
        okButtonProps={{ danger: true }}
        confirmLoading={disconnect.isPending}
        onOk={() => disconnect.mutate(deleteData)}
        onCancel={() => setConfirming(false)}
      >
        <Typography.Paragraph>
          {connection.method === 'oauth' ? SC_MESSAGES.disconnectOauth : SC_MESSAGES.disconnectServiceAccount}
        </Typography.Paragraph>
        <Checkbox
          checked={deleteData}
          disabled={disconnect.isPending}
          onChange={(event) => setDeleteData(event.target.checked)}
        >
          {SC_MESSAGES.deleteData}
        </Checkbox>
      </Modal>
    </>
  );
}
