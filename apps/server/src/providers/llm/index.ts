import type { Logger } from 'pino';
import { type Config, VisibilityEnginesSchema } from '../../config';
import type { Database } from '../../db/client';
import type { LlmEngine } from './llm-provider';
import { createLlm, type Llm } from './metered';
import { createOpenAiCompatible } from './openai-compatible';

export { type ChatMessage, type LlmEngine, LlmError } from './llm-provider';
export type { Llm } from './metered';

/** The language models the operator configured (LLM_*), or none. */
export function createLlmFromConfig(config: Config, database: Database, logger: Logger): Llm {
  const common = {
    structuredOutput: config.LLM_STRUCTURED_OUTPUT,
    timeoutMs: config.LLM_TIMEOUT_SECONDS * 1000,
    logger,
  };
  const engine: LlmEngine | null =
    config.LLM_BASE_URL && config.LLM_MODEL
      ? createOpenAiCompatible({
          ...common,
          name: config.LLM_MODEL,
          baseUrl: config.LLM_BASE_URL,
          model: config.LLM_MODEL,
          apiKey: config.LLM_API_KEY,
        })
      : null;
  // loadConfig has checked the JSON already.
  const listed = config.LLM_VISIBILITY_ENGINES
    ? VisibilityEnginesSchema.parse(JSON.parse(config.LLM_VISIBILITY_ENGINES)).map((listedEngine) =>
        createOpenAiCompatible({
          ...common,
          name: listedEngine.name,
          baseUrl: listedEngine.base_url,
          model: listedEngine.model,
          apiKey: listedEngine.api_key,
        }),
      )
    : [];
  return createLlm({
    database,
    logger,
    engine,
    visibilityEngines: listed.length > 0 ? listed : engine ? [engine] : [],
    samples: config.LLM_VISIBILITY_SAMPLES,
    monthlyTokenCap: config.LLM_MONTHLY_TOKEN_CAP,
  });
}
