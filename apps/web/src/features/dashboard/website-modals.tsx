import type { Website } from '@sitelens/contracts';
import { Button, Modal, Typography } from 'antd';
import { useState } from 'react';
import { recordSkipOnboarding } from '../websites/wizard/track-event';
import { WebsiteWizard } from '../websites/wizard/website-wizard';

/** Both wizard modals: a click outside does not close them (spec 2.1), and a reopened one starts afresh. */
const WIZARD_MODAL = { footer: null, maskClosable: false, destroyOnHidden: true, width: 720 } as const;

/** 'Add new website' (spec 2.1): the wizard in a modal that a click outside does not close. */
export function AddWebsiteModal({
  open,
  onClose,
  onAdded,
}: {
  open: boolean;
  onClose(): void;
  onAdded(website: Website): void;
}) {
  return (
    <Modal {...WIZARD_MODAL} open={open} title="Add new website" onCancel={onClose}>
      <WebsiteWizard variant="add-website" onFinished={onAdded} />
    </Modal>
  );
}

/** The onboarding wizard (spec 2.1) opened by 'Setup your account' on the empty dashboard. */
export function OnboardingModal({
  open,
  onClose,
  onAdded,
}: {
  open: boolean;
  onClose(): void;
  onAdded(website: Website): void;
}) {
  const [started, setStarted] = useState(false);
  const close = () => {
    setStarted(false);
    onClose();
  };
  return (
    <Modal {...WIZARD_MODAL} open={open} onCancel={close}>
      {started ? (
        <WebsiteWizard
          variant="onboarding"
          onSkip={() => {
            void recordSkipOnboarding();
            close();
          }}
          onFinished={(website) => {
            setStarted(false);
            onAdded(website);
          }}
        />
      ) : (
        <div className="onboarding-start">
          <Typography.Title level={3}>Welcome on board!</Typography.Title>
          <Typography.Paragraph type="secondary">
            Five short steps, about 2 minutes: your website, its market, its competitors, the keywords to
            track and where to monitor it from. Then we set it up and run its first SEO checkup.
          </Typography.Paragraph>
          <Button type="primary" size="large" onClick={() => setStarted(true)}>
            Let's Start
          </Button>
        </div>
      )}
    </Modal>
  );
}
