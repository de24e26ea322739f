/**
 * Recurly.js v4, loaded from Recurly's CDN only when Recurly is the processor: card data goes from
 * the browser to Recurly, and our server only ever sees a token. The types cover what we use of
 * its documented API.
 */
export interface RecurlyTokenError {
  name: string;
  message: string;
  /** Fields Recurly found invalid: number, month, year, cvv, first_name, last_name, postal_code. */
  fields?: string[];
}
export interface RecurlyToken {
  id: string;
}
interface Emitter<T> {
  on(event: 'token', handler: (token: T) => void): void;
  on(event: 'error', handler: (error: RecurlyTokenError) => void): void;
}
export interface RecurlyElements {
  CardElement(options?: object): { attach(target: HTMLElement | string): void; remove?(): void };
}
export interface RecurlyInstance {
  configure(options: { publicKey: string }): void;
  Elements(): RecurlyElements;
  token(
    elements: RecurlyElements,
    form: HTMLFormElement,
    done: (error: RecurlyTokenError | null, token: RecurlyToken) => void,
  ): void;
  PayPal(options?: object): Emitter<RecurlyToken> & { start(): void };
  Risk(): {
    ThreeDSecure(options: {
      actionTokenId: string;
    }): Emitter<RecurlyToken> & { attach(el: HTMLElement): void };
  };
}

declare global {
  interface Window {
    recurly?: RecurlyInstance;
  }
}

const SCRIPT_URL = 'https://js.recurly.com/v4/recurly.js';
let loading: Promise<RecurlyInstance> | null = null;

/** Loads and configures Recurly.js once per page. */
export function loadRecurly(publicKey: string): Promise<RecurlyInstance> {
  if (window.recurly) {
    window.recurly.configure({ publicKey });
    return Promise.resolve(window.recurly);
  }
  loading ??= new Promise<RecurlyInstance>((resolve, reject) => {
    const ready = () => {
      if (!window.recurly) return reject(new Error('Recurly.js did not load.'));
      window.recurly.configure({ publicKey });
      resolve(window.recurly);
    };
    const script = document.createElement('script');
    script.src = SCRIPT_URL;
    script.async = true;
    script.onload = ready;
    script.onerror = () => {
      loading = null;
      reject(new Error('The payment form could not be loaded. Check your connection and try again.'));
    };
    document.head.append(script);
  });
  return loading;
}

/** Recurly's field names → the spec's card form messages. */
export const RECURLY_FIELD_MESSAGES: Record<string, string> = {
  number: 'Invalid card number',
  month: 'Invalid expiration date',
  year: 'Invalid expiration date',
  cvv: 'Invalid CVV',
  first_name: 'Invalid name',
  last_name: 'Invalid name',
  postal_code: 'Invalid ZIP code',
};
