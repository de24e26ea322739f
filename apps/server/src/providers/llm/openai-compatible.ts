import type { Logger } from 'pino';
import {
  type ChatAnswer,
  type ChatMessage,
  type ChatRequest,
  type LlmEngine,
  LlmError,
} from './llm-provider';

export interface OpenAiCompatibleOptions {
  name: string;
  /** The API root, e.g. `https://api.openai.com/v1` or `http://localhost:11434/v1` (Ollama). */
  baseUrl: string;
  model: string;
  apiKey?: string;
  /** `json_schema`: structured outputs; `json_object`: JSON mode, the schema written into the prompt. */
  structuredOutput: 'json_schema' | 'json_object';
  timeoutMs: number;
  logger?: Logger;
  /** Tries per call for passing failures (429, 5xx, timeouts, a dropped connection). Default 3. */
  attempts?: number;
  /** Longest wait before a retry, whatever Retry-After asks, in ms. Default 30 s. */
  maxRetryWaitMs?: number;
}

interface CompletionBody {
  choices?: { message?: { content?: string | null } }[];
  usage?: { prompt_tokens?: number; completion_tokens?: number };
  error?: { message?: string; code?: string | null; type?: string };
}

const RETRYABLE = new Set([408, 409, 429, 500, 502, 503, 504]);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The schema written into the prompt for JSON mode (and read back by endpoints that only do JSON mode). */
export const schemaInstruction = (jsonSchema: Record<string, unknown>) =>
  `Answer with one JSON object only, valid against this JSON schema.\nJSON schema:\n\`\`\`json\n${JSON.stringify(jsonSchema)}\n\`\`\``;

/**
 * Any endpoint speaking OpenAI's Chat Completions API (OpenAI, Ollama, vLLM, OpenRouter, LM Studio).
 * Structured outputs where the endpoint has them; an endpoint that refuses `json_schema` is asked
 * in JSON mode from then on. Passing failures are retried with backoff (Retry-After honoured).
 */
export function createOpenAiCompatible(options: OpenAiCompatibleOptions): LlmEngine {
  const url = `${options.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  const attempts = options.attempts ?? 3;
  const maxWait = options.maxRetryWaitMs ?? 30_000;
  let mode = options.structuredOutput;

  function bodyOf(request: ChatRequest) {
    let messages: ChatMessage[] = request.messages;
    let responseFormat: unknown;
    if (request.schema) {
      const { $schema: _, ...schema } = request.schema.jsonSchema;
      if (mode === 'json_schema') {
        responseFormat = {
          type: 'json_schema',
          json_schema: { name: request.schema.name, schema, strict: true },
        };
      } else {
        responseFormat = { type: 'json_object' };
        messages = [...messages, { role: 'system', content: schemaInstruction(schema) }];
      }
    }
    return JSON.stringify({
      model: options.model,
      messages,
      temperature: request.temperature ?? 0.2,
      max_tokens: request.maxTokens,
      ...(responseFormat ? { response_format: responseFormat } : {}),
    });
  }

  /** One HTTP exchange: the answer, or an LlmError saying whether another try may help. */
  async function exchange(
    request: ChatRequest,
  ): Promise<ChatAnswer | { retryAfterMs: number; error: LlmError }> {
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
        },
        body: bodyOf(request),
        signal: AbortSignal.timeout(options.timeoutMs),
      });
    } catch (error) {
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      return {
        retryAfterMs: 0,
        error: timedOut
          ? new LlmError('timeout', `${options.name} did not answer within ${options.timeoutMs / 1000} s`)
          : new LlmError('unavailable', `${options.name} could not be reached: ${(error as Error).message}`),
      };
    }
    const text = await response.text().catch(() => '');
    let body: CompletionBody = {};
    try {
      body = JSON.parse(text) as CompletionBody;
    } catch {
      // Not JSON: judged by the status below.
    }
    const reason = body.error?.message ?? (text.slice(0, 200) || response.statusText);
    if (!response.ok) {
      if (response.status === 401 || response.status === 403)
        throw new LlmError('unauthorized', `${options.name} refused the API key: ${reason}`);
      if (RETRYABLE.has(response.status)) {
        const seconds = Number(response.headers.get('retry-after'));
        const kind = response.status === 429 ? 'rate_limited' : 'unavailable';
        return {
          retryAfterMs: Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 0,
          error: new LlmError(kind, `${options.name} answered ${response.status}: ${reason}`),
        };
      }
      if (response.status === 400 && mode === 'json_schema' && /response_format|json_schema/i.test(reason)) {
        options.logger?.warn(
          { engine: options.name, model: options.model },
          'the endpoint refuses structured outputs; asking in JSON mode from now on',
        );
        mode = 'json_object';
        return exchange(request);
      }
      throw new LlmError(
        'invalid_request',
        `${options.name} refused the request (${response.status}): ${reason}`,
      );
    }
    // An empty or refused answer is judged like a malformed one: the caller asks again.
    const content = body.choices?.[0]?.message?.content;
    return {
      content: typeof content === 'string' ? content : '',
      promptTokens: body.usage?.prompt_tokens ?? 0,
      completionTokens: body.usage?.completion_tokens ?? 0,
    };
  }

  return {
    name: options.name,
    model: options.model,
    async chat(request) {
      let last: LlmError | undefined;
      for (let attempt = 1; attempt <= attempts; attempt++) {
        const outcome = await exchange(request);
        if (!('error' in outcome)) return outcome;
        last = outcome.error;
        if (attempt < attempts)
          await sleep(Math.min(maxWait, outcome.retryAfterMs || 1000 * 2 ** (attempt - 1)));
      }
      throw last!;
    },
  };
}
