import {
  activeSubscription,
  type CreateWebsiteBody,
  type DomainSetup,
  splitKeywords,
  WEBSITE_MESSAGES,
  type Website,
} from '@sitelens/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Result, Space, Steps, Typography } from 'antd';
import { useState } from 'react';
import { errorText, fieldProblem, request } from '../../../api/client';
import { useIsMobile } from '../../../layout/use-is-mobile';
import { subscriptionQuery } from '../../sales/sales.queries';
import { splitUrl } from '../competitor-url';
import { refreshWebsites, websitesQuery } from '../websites.queries';
import { SetupProgress } from './setup-progress';
import { CompetitorsStep, KeywordsStep, LocationStep, RegionsStep, WebsiteStep } from './steps';
import { competitorUrls, EMPTY_VALUES, type WizardValues } from './wizard-model';

export type WizardVariant = 'account-setup' | 'onboarding' | 'add-website';

const STEP_TITLES = ['Website', 'Location', 'Competitors', 'Keywords', 'Regions'] as const;
const FINISHING = STEP_TITLES.length;

/** What the created website answers: the website, and the first checkup when it started. */
type CreatedWebsite = Website & { report_guid: string | null; analysis_error: string | null };

/**
 * The domain-setup wizard (spec 2.1), one component for the account-setup page, the onboarding
 * modal and the 'Add new website' modal: Website, Location, Competitors, Keywords, Regions, then
 * the website is created with its first checkup and handed to `onFinished`.
 */
export function WebsiteWizard({
  variant,
  onFinished,
  onSkip,
}: {
  variant: WizardVariant;
  onFinished(website: CreatedWebsite): void;
  /** 'Skip for now' on the first step (account setup and onboarding). */
  onSkip?(): void;
}) {
  const queryClient = useQueryClient();
  const isMobile = useIsMobile();
  const subscription = useQuery(subscriptionQuery);
  const websites = useQuery(websitesQuery);
  const plan = activeSubscription(subscription.data);
  const [step, setStep] = useState(0);
  const [values, setValues] = useState<WizardValues>(EMPTY_VALUES);
  const update = (patch: Partial<WizardValues>) => setValues((current) => ({ ...current, ...patch }));

  /** The setup's answer arrived: its findings become the next steps' starting values. */
  const onSetupDone = (domain: string, setup: DomainSetup) => {
    const output = setup.output!;
    update({
      domain,
      setup,
      location_name: output.search_engine_market.sem_location,
      language_code: output.search_engine_market.sem_language_code,
      competitors: output.competitors.map((c) => splitUrl(`https://${c.domain}`)),
      keywords: '',
      primaryRegion: output.uptime_monitoring_regions[0] ?? EMPTY_VALUES.primaryRegion,
      additionalRegions: output.uptime_monitoring_regions.slice(1),
    });
    setStep(1);
  };

  const [failure, setFailure] = useState<{ text: string; keywords: boolean } | null>(null);
  const create = useMutation({
    mutationFn: (body: CreateWebsiteBody) =>
      request<CreatedWebsite>('/website-index', { method: 'POST', body }),
    onSuccess: async (website) => {
      await refreshWebsites(queryClient);
      onFinished(website);
    },
    onError: async (error) =>
      setFailure({
        text: await errorText(error),
        keywords: fieldProblem(error, 'keywords') !== null,
      }),
  });
  const finish = () => {
    const homepage = values.setup?.output?.homepage_url ?? `https://${values.domain}/`;
    setStep(FINISHING);
    setFailure(null);
    create.mutate({
      domain: values.domain,
      homepage_url: homepage,
      settings: {
        competitors: competitorUrls(values.competitors, homepage),
        regions: [values.primaryRegion, ...values.additionalRegions],
        location_name: values.location_name,
        language_code: values.language_code,
        notifications: { ping_uptime: true, http_uptime: true, page_load_timeout: true },
      },
      keywords: splitKeywords(values.keywords),
      setup_guid: values.setup?.guid,
      start_analysis: true,
      source: variant === 'add-website' ? 'add_tracked_website_wizard' : 'onboarding_wizard',
    });
  };

  const back = () => setStep((s) => Math.max(0, s - 1));
  const next = () => setStep((s) => s + 1);
  const common = { values, update, onBack: back, plan: plan?.plan_settings };

  return (
    <div className="website-wizard">
      {isMobile ? (
        <Typography.Text type="secondary" className="wizard-step-count">
          {step < FINISHING ? `Step ${step + 1} of ${STEP_TITLES.length}: ${STEP_TITLES[step]}` : 'Finishing'}
        </Typography.Text>
      ) : (
        <Steps
          size="small"
          current={step}
          items={[...STEP_TITLES, 'Finish'].map((title) => ({ title }))}
          style={{ marginBottom: 24 }}
        />
      )}
      {step === 0 && (
        <WebsiteStep
          websites={websites}
          subscription={subscription}
          contactPrompt={plan?.plan_code.includes('professional') ?? false}
          initialDomain={values.domain}
          onSetupDone={onSetupDone}
          onSkip={onSkip}
        />
      )}
      {step === 1 && <LocationStep {...common} onNext={next} />}
      {step === 2 && <CompetitorsStep {...common} onNext={next} />}
      {step === 3 && <KeywordsStep {...common} onNext={next} />}
      {step === 4 && <RegionsStep {...common} onNext={finish} />}
      {step === FINISHING && (
        <Finishing
          domain={values.domain}
          variant={variant}
          failure={failure?.text ?? null}
          onRetry={finish}
          // A refused keyword list is fixed on its step; anything else from the last step.
          onBack={() => setStep(failure?.keywords ? 3 : 4)}
        />
      )}
    </div>
  );
}

function Finishing({
  domain,
  variant,
  failure,
  onRetry,
  onBack,
}: {
  domain: string;
  variant: WizardVariant;
  failure: string | null;
  onRetry(): void;
  onBack(): void;
}) {
  if (failure)
    return (
      <Result
        status="error"
        title={WEBSITE_MESSAGES.somethingWrong}
        subTitle={failure}
        extra={
          <Space wrap>
            <Button onClick={onBack}>Back</Button>
            <Button type="primary" onClick={onRetry}>
              Try again
            </Button>
          </Space>
        }
      />
    );
  return (
    <SetupProgress
      title={variant === 'add-website' ? `Adding ${domain}` : 'Setting up your account'}
      description="Saving the website and starting its first SEO checkup. This usually takes about 30 seconds."
    />
  );
}
