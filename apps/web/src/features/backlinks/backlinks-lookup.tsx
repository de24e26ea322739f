import { displayHost, normaliseDomain, SEO_DATA_MESSAGES } from '@sitelens/contracts';
import { Form, Input } from 'antd';
import { SubmitItem } from '../../components/submit-item';
import { SubjectModal, useModalSubject } from '../seo-data/subject-modal';
import { BacklinksExplorer } from './backlinks-explorer';

const messages = {
  input: 'Enter domain or URL',
  help: 'Provide a valid domain or URL',
  submit: 'Get Backlinks',
  title: (domain: string) => `Backlinks for: ${displayHost(domain)}`,
};

/** Spec 9: the backlinks modals are 1000 px wide. */
const MODAL_WIDTH = 1000;

/** The host name of a domain or URL, or null when it is none ('Invalid domain'). */
function domainOf(input: string): string | null {
  const result = normaliseDomain(input);
  return result.ok ? result.domain : null;
}

/**
 * Any domain's backlinks (spec 2.3, 5): a domain or URL, lower-cased and trimmed, reduced to its host
 * name ('Invalid domain' otherwise), opens the explorer for it in a modal.
 */
export function BacklinksLookup() {
  const lookup = useModalSubject<string>();
  return (
    <>
      <Form<{ domain?: string }>
        className="bl-lookup"
        layout="vertical"
        onFinish={({ domain: input }) => lookup.show(domainOf(input ?? ''))}
      >
        {/* Checked on submit only: not while the first letters are typed. */}
        <Form.Item
          name="domain"
          extra={messages.help}
          className="bl-lookup-field"
          validateTrigger={[]}
          rules={[
            {
              validator: (_rule, value) =>
                domainOf(value ?? '')
                  ? Promise.resolve()
                  : Promise.reject(new Error(SEO_DATA_MESSAGES.invalidDomain)),
            },
          ]}
        >
          <Input aria-label={messages.input} placeholder={messages.input} autoComplete="url" allowClear />
        </Form.Item>
        <SubmitItem className="bl-lookup-submit">{messages.submit}</SubmitItem>
      </Form>
      <SubjectModal
        subject={lookup.subject}
        open={lookup.open}
        title={messages.title}
        width={MODAL_WIDTH}
        onClose={lookup.close}
      >
        {(domain) => <BacklinksExplorer key={domain} domain={domain} />}
      </SubjectModal>
    </>
  );
}
