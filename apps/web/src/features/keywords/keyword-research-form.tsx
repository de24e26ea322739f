import { KEYWORD_MESSAGES } from '@sitelens/contracts';
import { Form, Input, Select } from 'antd';
import { SubmitItem } from '../../components/submit-item';
import { useModalSubject } from '../seo-data/subject-modal';
import { KeywordSuggestionsModal } from './keyword-suggestions-modal';
import type { Market } from './keywords.queries';
import {
  DEFAULT_KEYWORD_MARKET,
  firstLanguage,
  LOCATION_SELECT_OPTIONS,
  languageSelectOptions,
} from './market';

const messages = {
  keyword: 'Keyword',
  placeholder: 'Enter a keyword',
  location: 'Location',
  language: 'Language',
  submit: 'Check for Keywords',
};

/** The contract's longest phrase. */
const MAX_PHRASE = 80;

interface Values {
  phrase: string;
  location: string;
  language: string;
}

/**
 * Keyword research (spec 2.6, 5): a keyword (required), a location (United States) and one of its
 * languages (en); choosing a location resets the language to its first. 'Check for Keywords' opens
 * the suggestions for the phrase, trimmed and lower-cased as the server reads it.
 */
export function KeywordResearchForm() {
  const [form] = Form.useForm<Values>();
  const location = Form.useWatch('location', form) ?? DEFAULT_KEYWORD_MARKET.location;
  const research = useModalSubject<{ phrase: string; market: Market }>();
  return (
    <>
      <Form<Values>
        form={form}
        className="kw-research-form"
        layout="vertical"
        initialValues={{
          location: DEFAULT_KEYWORD_MARKET.location,
          language: DEFAULT_KEYWORD_MARKET.language,
        }}
        onFinish={({ phrase, location: at, language }) =>
          research.show({ phrase: phrase.trim().toLowerCase(), market: { location: at, language } })
        }
      >
        <Form.Item
          name="phrase"
          label={messages.keyword}
          className="kw-research-phrase"
          rules={[{ required: true, whitespace: true, message: KEYWORD_MESSAGES.required }]}
        >
          <Input aria-label={messages.keyword} placeholder={messages.placeholder} maxLength={MAX_PHRASE} />
        </Form.Item>
        <Form.Item name="location" label={messages.location} className="kw-research-location">
          <Select
            aria-label={messages.location}
            showSearch={{ optionFilterProp: 'label' }}
            options={LOCATION_SELECT_OPTIONS}
            onChange={(value: string) => form.setFieldValue('language', firstLanguage(value))}
          />
        </Form.Item>
        <Form.Item name="language" label={messages.language} className="kw-research-language">
          <Select aria-label={messages.language} options={languageSelectOptions(location)} />
        </Form.Item>
        <SubmitItem className="kw-research-submit">{messages.submit}</SubmitItem>
      </Form>
      <KeywordSuggestionsModal
        phrase={research.subject?.phrase ?? null}
        open={research.open}
        market={research.subject?.market ?? DEFAULT_KEYWORD_MARKET}
        onClose={research.close}
      />
    </>
  );
}
