import { ACCOUNT_MESSAGES, PASSWORD_MAX, PASSWORD_MIN } from '@sitelens/contracts';
import type { FormRule } from 'antd';

/** Form rules with the spec's messages (accounts spec, section 5). */
export const rules = {
  email: [{ required: true, type: 'email', message: ACCOUNT_MESSAGES.validEmail }] as FormRule[],
  required: [{ required: true, whitespace: true, message: ACCOUNT_MESSAGES.required }] as FormRule[],
  signInPassword: [
    { required: true, min: PASSWORD_MIN, message: ACCOUNT_MESSAGES.minPassword },
  ] as FormRule[],
  newPassword: [
    { required: true, min: PASSWORD_MIN, max: PASSWORD_MAX, message: ACCOUNT_MESSAGES.passwordBetween },
  ] as FormRule[],
  repeat: (field: string): FormRule[] => [
    { required: true, message: ACCOUNT_MESSAGES.passwordsMatch },
    ({ getFieldValue }) => ({
      validator: (_, value) =>
        value === getFieldValue(field)
          ? Promise.resolve()
          : Promise.reject(new Error(ACCOUNT_MESSAGES.passwordsMatch)),
    }),
  ],
  terms: [
    {
      validator: (_: unknown, value: boolean) =>
        value ? Promise.resolve() : Promise.reject(new Error(ACCOUNT_MESSAGES.terms)),
    },
  ] as FormRule[],
};
