import type { Logger } from 'pino';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { type ChatMessage, type LlmEngine, LlmError } from './llm-provider';

/** A structured question: the answer must parse as JSON and match `schema`. */
export interface JsonQuestion<T> {
  /** What the call is for, kept in the ledger, e.g. `content.report`. */
  purpose: string;
  schemaName: string;
  schema: z.ZodType<T>;
  messages: ChatMessage[];
  maxTokens: number;
  engine?: LlmEngine;
}

/** A question answered in prose, as a person asking the model would get it. */
export interface TextQuestion {
  purpose: string;
  messages: ChatMessage[];
  maxTokens: number;
  engine?: LlmEngine;
  temperature?: number;
}

/**
 * The one door to the language models, with token accounting: each call is booked against the
 * organization's monthly token cap before it leaves, and its real use recorded when it answers.
 */
export interface Llm {
  /** The model that judges content; null when the operator configured none. */
  readonly engine: LlmEngine | null;
  /** The engines LLM visibility asks; empty without a model. */
  readonly visibilityEngines: LlmEngine[];
  readonly samples: number;
  askJson<T>(organizationId: string, question: JsonQuestion<T>): Promise<T>;
  askText(organizationId: string, question: TextQuestion): Promise<string>;
  usage(organizationId: string): Promise<{ month: string; tokens: number; cap: number | null }>;
}

export interface LlmOptions {
  database: Database;
  logger: Logger;
  engine: LlmEngine | null;
  visibilityEngines: LlmEngine[];
  samples: number;
  /** Tokens per organization per calendar month (UTC); null: no cap. */
  monthlyTokenCap: number | null;
}

/** Tries of one structured question: the first answer and two corrections. */
export const JSON_ATTEMPTS = 3;

// A booking left by a process that died mid-call stops counting after this long.
const RESERVATION_SECONDS = 600;

const USED_THIS_MONTH = `
  select coalesce(sum(tokens), 0)::int as used from llm_calls
   where organization_id = $1
     and created_at >= date_trunc('month', now() at time zone 'utc') at time zone 'utc'
     and (status in ('done', 'failed') or (status = 'reserved' and created_at > now() - make_interval(secs => ${RESERVATION_SECONDS})))`;

/** Rough tokens of a text (about 4 characters each), for the booking made before a call. */
const estimateTokens = (messages: ChatMessage[]) =>
  Math.ceil(messages.reduce((sum, message) => sum + message.content.length, 0) / 4);

/** The JSON in a model's answer: the whole text, or its first fenced block or outermost braces. */
export function extractJson(text: string): unknown {
  const candidates = [text.trim()];
  const fenced = /```(?:json)?\s*([\s\S]*?)```/.exec(text);
  if (fenced?.[1]) candidates.push(fenced[1].trim());
  const first = text.indexOf('{');
  const last = text.lastIndexOf('}');
  if (first >= 0 && last > first) candidates.push(text.slice(first, last + 1));
  for (const candidate of candidates) {
    try {
      return JSON.parse(candidate);
    } catch {
      // try the next reading
    }
  }
  throw new SyntaxError('the answer is not JSON');
}

/** The answer parsed and valid against its schema, or what is wrong with it. */
function readAnswer<T>(
  schema: z.ZodType<T>,
  content: string,
): { ok: true; value: T } | { ok: false; problem: string } {
  let json: unknown;
  try {
    json = extractJson(content);
  } catch {
    return { ok: false, problem: 'the answer is not JSON' };
  }
  const parsed = schema.safeParse(json);
  if (parsed.success) return { ok: true, value: parsed.data };
  const issue = parsed.error.issues[0]!;
  return { ok: false, problem: `${issue.path.join('.') || 'the answer'}: ${issue.message}` };
}

export function createLlm(options: LlmOptions): Llm {
  const { database } = options;

  /** One call, booked before it leaves and settled after. */
  async function call(
    organizationId: string,
    engine: LlmEngine,
    purpose: string,
    request: Parameters<LlmEngine['chat']>[0],
  ) {
    const booking = estimateTokens(request.messages) + request.maxTokens;
    const ledgerId = await database.transaction(async (query) => {
      await query('select pg_advisory_xact_lock(hashtext($1))', [`llm:${organizationId}`]);
      if (options.monthlyTokenCap !== null) {
        const [row] = await query<{ used: number }>(USED_THIS_MONTH, [organizationId]);
        if ((row?.used ?? 0) + booking > options.monthlyTokenCap) {
          throw new LlmError('budget_spent', "The organization's monthly language model tokens are used up");
        }
      }
      const [booked] = await query<{ id: string }>(
        `insert into llm_calls (organization_id, engine, model, purpose, status, tokens)
         values ($1, $2, $3, $4, 'reserved', $5) returning id`,
        [organizationId, engine.name, engine.model, purpose, booking],
      );
      return booked!.id;
    });
    try {
      const answer = await engine.chat(request);
      await database.query(
        `update llm_calls set status = 'done', prompt_tokens = $2::int, completion_tokens = $3::int, tokens = $2::int + $3::int,
                finished_at = now() where id = $1`,
        [ledgerId, answer.promptTokens, answer.completionTokens],
      );
      return answer;
    } catch (error) {
      await database.query(
        `update llm_calls set status = 'failed', tokens = 0, error = $2, finished_at = now() where id = $1`,
        [ledgerId, (error as Error).message.slice(0, 500)],
      );
      throw error;
    }
  }

  const engineOf = (engine?: LlmEngine) => {
    const chosen = engine ?? options.engine;
    if (!chosen) throw new LlmError('invalid_request', 'No language model is configured');
    return chosen;
  };

  return {
    engine: options.engine,
    visibilityEngines: options.visibilityEngines,
    samples: options.samples,

    async askJson(organizationId, question) {
      const engine = engineOf(question.engine);
      const jsonSchema = z.toJSONSchema(question.schema) as Record<string, unknown>;
      const messages = [...question.messages];
      let problem = '';
      for (let attempt = 1; attempt <= JSON_ATTEMPTS; attempt++) {
        const answer = await call(organizationId, engine, question.purpose, {
          messages,
          schema: { name: question.schemaName, jsonSchema },
          maxTokens: question.maxTokens,
        });
        const read = readAnswer(question.schema, answer.content);
        if (read.ok) return read.value;
        problem = read.problem;
        options.logger.warn(
          { engine: engine.name, model: engine.model, purpose: question.purpose, attempt, problem },
          'a language model answer did not match its schema',
        );
        messages.push(
          { role: 'assistant', content: answer.content.slice(0, 4000) },
          {
            role: 'user',
            content: `That answer does not match the JSON schema (${problem}). Answer again with the JSON object only.`,
          },
        );
      }
      throw new LlmError(
        'invalid_answer',
        `${engine.name} (${engine.model}) gave ${JSON_ATTEMPTS} answers to ${question.purpose} that do not match the expected format (${problem})`,
      );
    },

    async askText(organizationId, question) {
      const engine = engineOf(question.engine);
      const answer = await call(organizationId, engine, question.purpose, {
        messages: question.messages,
        maxTokens: question.maxTokens,
        temperature: question.temperature ?? 1,
      });
      return answer.content;
    },

    async usage(organizationId) {
      const [row] = await database.query<{ used: number }>(USED_THIS_MONTH, [organizationId]);
      return {
        month: new Date().toISOString().slice(0, 7),
        tokens: row?.used ?? 0,
        cap: options.monthlyTokenCap,
      };
    },
  };
}
