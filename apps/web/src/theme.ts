import { VALIDATION_MESSAGES } from '@sitelens/contracts';
import type { ConfigProviderProps, ThemeConfig } from 'antd';

export const theme: ThemeConfig = {
  token: {
    colorPrimary: '#1677ff',
    borderRadius: 6,
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  },
  components: {
    Layout: { headerBg: '#ffffff', headerPadding: '0 16px', siderBg: '#001529' },
    // Items whose screens have not landed yet stay readable while clearly inactive.
    Menu: { darkItemDisabledColor: 'rgba(255, 255, 255, 0.42)' },
  },
};

/**
 * Ant Design's own texts for a form rule without a message, in the spec's voice and the same words
 * as the server's (contracts' VALIDATION_MESSAGES): no validator's wording reaches a screen.
 */
export const formConfig: ConfigProviderProps['form'] = {
  validateMessages: {
    default: VALIDATION_MESSAGES.invalid,
    required: VALIDATION_MESSAGES.required,
    whitespace: VALIDATION_MESSAGES.required,
    types: {
      email: VALIDATION_MESSAGES.email,
      url: VALIDATION_MESSAGES.url,
      number: VALIDATION_MESSAGES.number,
      integer: VALIDATION_MESSAGES.wholeNumber,
      string: VALIDATION_MESSAGES.text,
      date: VALIDATION_MESSAGES.date,
    },
    // biome-ignore-start lint/suspicious/noTemplateCurlyInString: Ant Design fills in ${min} and ${max}
    string: {
      len: 'Exactly ${len} characters',
      min: 'Minimum ${min} characters',
      max: 'Maximum ${max} characters',
      range: 'Between ${min} and ${max} characters',
    },
    number: {
      len: 'Must be ${len}',
      min: 'Must be at least ${min}',
      max: 'Must be at most ${max}',
      range: 'Between ${min} and ${max}',
    },
    array: {
      len: 'Exactly ${len} items',
      min: 'Minimum ${min} items',
      max: 'Maximum ${max} items',
      range: 'Between ${min} and ${max} items',
    },
    // biome-ignore-end lint/suspicious/noTemplateCurlyInString: Ant Design fills in ${min} and ${max}
    pattern: { mismatch: VALIDATION_MESSAGES.format },
  },
};
