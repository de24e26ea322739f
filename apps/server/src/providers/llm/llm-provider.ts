/** A language model as the product asks it: chat messages in, text (or JSON text) and token use out. */
export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface ChatRequest {
  messages: ChatMessage[];
  /** Ask for JSON valid against this JSON Schema (structured outputs, or JSON mode with the schema in the prompt). */
  schema?: { name: string; jsonSchema: Record<string, unknown> };
  /** The longest answer wanted, in tokens. */
  maxTokens: number;
  temperature?: number;
}

export interface ChatAnswer {
  content: string;
  promptTokens: number;
  completionTokens: number;
}

/** One configured model behind an OpenAI-compatible endpoint. */
export interface LlmEngine {
  /** What the screens call it, e.g. 'GPT' or the model's name. */
  readonly name: string;
  readonly model: string;
  chat(request: ChatRequest): Promise<ChatAnswer>;
}

/**
 * Why a language model gave no usable answer. `unauthorized` and `invalid_request` are the
 * operator's to fix; `rate_limited`, `unavailable` and `timeout` pass and were already retried;
 * `invalid_answer`: answers that never matched the schema; `budget_spent`: the organization's
 * monthly tokens are used up.
 */
export type LlmErrorKind =
  | 'unauthorized'
  | 'invalid_request'
  | 'rate_limited'
  | 'unavailable'
  | 'timeout'
  | 'invalid_answer'
  | 'budget_spent';

export class LlmError extends Error {
  constructor(
    readonly kind: LlmErrorKind,
    message: string,
  ) {
    super(message);
    this.name = 'LlmError';
  }
}
