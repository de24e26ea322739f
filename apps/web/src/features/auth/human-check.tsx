import { CheckCircleFilled, LoadingOutlined, SafetyOutlined } from '@ant-design/icons';
import type { AppConfigReply } from '@sitelens/contracts';
import { useQuery } from '@tanstack/react-query';
import { solveChallenge } from 'altcha-lib/v1';
import { Alert, Checkbox, Form } from 'antd';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { appConfigQuery } from '../../api/app-config.queries';
import { request } from '../../api/client';

interface HumanCheckProps {
  /** Called with the proof to send as `recaptcha_token`, or null while there is none. */
  onChange(token: string | null): void;
  /** Changing it resets the widget (after any failed submit). */
  resetKey: number;
}

/** The human check the server asks for: ALTCHA proof of work by default, reCAPTCHA or Turnstile if configured. */
export function HumanCheck({ onChange, resetKey }: HumanCheckProps) {
  const config = useQuery(appConfigQuery);
  const kind = config.data?.human_check.kind;
  useEffect(() => {
    if (kind === 'off') onChange('');
  }, [kind, onChange]);
  // With the check off there is nothing to show, not even the space a field takes.
  if (kind === 'off') return null;
  let widget: ReactNode;
  if (config.isPending) widget = <LoadingOutlined aria-label="Loading the human check" />;
  else if (config.isError)
    widget = <Alert type="error" showIcon title="The human check could not be loaded. Reload the page." />;
  else if (kind === 'altcha') widget = <AltchaCheck key={resetKey} onChange={onChange} />;
  else widget = <ProviderCheck key={resetKey} config={config.data.human_check} onChange={onChange} />;
  return <Form.Item>{widget}</Form.Item>;
}

type AltchaState = 'idle' | 'working' | 'verified' | 'failed';

function AltchaCheck({ onChange }: { onChange(token: string | null): void }) {
  const [state, setState] = useState<AltchaState>('idle');
  useEffect(() => onChange(null), [onChange]);

  async function verify() {
    setState('working');
    try {
      const challenge = await request<{
        algorithm: string;
        challenge: string;
        salt: string;
        signature: string;
        maxnumber?: number;
      }>('/human-check/challenge');
      const solution = await solveChallenge(
        challenge.challenge,
        challenge.salt,
        challenge.algorithm,
        challenge.maxnumber,
      ).promise;
      if (!solution) throw new Error('no solution');
      onChange(btoa(JSON.stringify({ ...challenge, number: solution.number })));
      setState('verified');
    } catch {
      setState('failed');
    }
  }

  return (
    <div className="human-check" data-testid="human-check" data-state={state}>
      <Checkbox
        checked={state === 'verified'}
        disabled={state === 'working' || state === 'verified'}
        onChange={verify}
      >
        {state === 'working' ? 'Verifying…' : state === 'verified' ? 'Verified' : "I'm not a robot"}
      </Checkbox>
      <span className="human-check-icon" aria-hidden>
        {state === 'working' ? (
          <LoadingOutlined />
        ) : state === 'verified' ? (
          <CheckCircleFilled style={{ color: '#52c41a' }} />
        ) : (
          <SafetyOutlined />
        )}
      </span>
      {state === 'failed' && (
        <div className="human-check-error">The check failed. Tick the box to try again.</div>
      )}
    </div>
  );
}

const SCRIPTS = {
  recaptcha: 'https://www.google.com/recaptcha/api.js?render=explicit',
  turnstile: 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit',
} as const;

interface ProviderWidget {
  render(
    element: HTMLElement,
    options: { sitekey: string; callback(token: string): void; 'expired-callback'(): void },
  ): unknown;
}

/** reCAPTCHA or Turnstile: the provider's own widget, loaded from the provider. */
function ProviderCheck({
  config,
  onChange,
}: {
  config: AppConfigReply['human_check'];
  onChange(token: string | null): void;
}) {
  const element = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    onChange(null);
    const kind = config.kind as keyof typeof SCRIPTS;
    const global = () =>
      (window as unknown as Record<string, ProviderWidget | undefined>)[
        kind === 'recaptcha' ? 'grecaptcha' : 'turnstile'
      ];
    const render = () => {
      const widget = global();
      if (!widget || !element.current) return false;
      widget.render(element.current, {
        sitekey: config.site_key ?? '',
        callback: (token) => onChange(token),
        'expired-callback': () => onChange(null),
      });
      return true;
    };
    if (render()) return;
    const script = document.createElement('script');
    script.src = SCRIPTS[kind];
    script.async = true;
    script.onload = () => {
      const timer = setInterval(() => render() && clearInterval(timer), 100);
      setTimeout(() => clearInterval(timer), 10_000);
    };
    script.onerror = () => setFailed(true);
    document.head.appendChild(script);
  }, [config, onChange]);
  return failed ? (
    <Alert type="error" showIcon title="The human check could not be loaded." />
  ) : (
    <div ref={element} />
  );
}
