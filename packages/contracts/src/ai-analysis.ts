import { z } from 'zod';
import { DomainSchema } from './websites';

/**
 * AI content analysis and LLM visibility analysis (spec 2.5, 2.6, 3, 4, 7 "AI and LLM analysis",
 * 8, 9). Both are processes started for a tracked website's domain and polled every 10 s.
 */

export const AI_ANALYSIS_MESSAGES = {
  inProgress: 'Analysis in progress',
  noTrust: 'No content trust score available',
  noContext: 'No business context available',
  noEffectiveness: 'No content effectiveness report available',
  noCompetitors: 'No competitors content analysis available',
  computedWithoutLlm: 'computed without a language model',
  llmNotConfigured: 'LLM visibility analysis needs a language model, and none is configured.',
  /** AI Content Analysis before (and after) a run without a model: what it still measures. */
  contentWithoutLlm:
    "No language model is configured. AI Content Analysis still measures your pages: the business context, the Content Trust Score with its trust signals, and readability. The content effectiveness report and the competitors' content insights need a model.",
  llmHowToConfigure:
    'An operator sets LLM_BASE_URL, LLM_MODEL and LLM_API_KEY (any OpenAI-compatible endpoint: OpenAI, Ollama, vLLM, OpenRouter) and restarts Sitelens.',
  tokenBudgetSpent: "Your organization has used this month's language model allowance.",
  llmFailed: 'The language model did not give a usable answer. Please try again later.',
  interrupted: 'The analysis stopped before it finished. Please refresh it.',
  startFailed: 'Something went wrong!',
  startFailedDetail: 'Please try again or contact support',
  unknownDomain: 'This domain is not one of your tracked websites',
} as const;

/** Spec 9: content and visibility analyses are polled every 10 s. */
export const AI_ANALYSIS_POLL_MS = 10_000;

/** Spec 9: Content Trust Score = 50 % topical relevance, 25 % subject expertise, 25 % credibility. */
export const TRUST_WEIGHTS = { topical_relevance: 0.5, subject_expertise: 0.25, credibility: 0.25 } as const;

export const AiProcessStatusSchema = z.enum(['pending', 'running', 'completed', 'failed']);
export type AiProcessStatus = z.infer<typeof AiProcessStatusSchema>;

/** `?domain=` of every call: a tracked website's domain of the caller's organization. */
export const AiDomainQuerySchema = z.object({ domain: DomainSchema });
export const AiActiveQuerySchema = AiDomainQuerySchema.extend({ process_guid: z.uuid().optional() });
export const AiStartBodySchema = AiDomainQuerySchema;
export type AiStartBody = z.infer<typeof AiStartBodySchema>;

// --- Content analysis ----------------------------------------------------------------------------

export const FindingTypeSchema = z.enum(['STRENGTH', 'WARNING', 'WEAKNESS']);
export type FindingType = z.infer<typeof FindingTypeSchema>;

export const WebsiteProfileSchema = z.object({
  domain_description: z.string(),
  target_audience: z.string(),
  industry_niche: z.object({ name: z.string(), description: z.string() }),
});
export type WebsiteProfile = z.infer<typeof WebsiteProfileSchema>;

export const ContentEffectivenessSchema = z.object({
  summary: z.string(),
  analysis: z.array(
    z.object({
      question: z.string(),
      findings: z.array(z.object({ type: FindingTypeSchema, content: z.string() })),
      /** Out of 10. */
      score: z.number().min(0).max(10),
    }),
  ),
  content_opportunities: z.array(z.object({ title: z.string(), description: z.string() })),
});
export type ContentEffectiveness = z.infer<typeof ContentEffectivenessSchema>;

export const CompetitorContentSchema = z.object({
  summary: z.string(),
  sections: z.array(
    z.object({
      competitor: z.object({ domain: z.string(), url: z.string(), name: z.string() }),
      strengths: z.array(z.string()),
      weaknesses: z.array(z.string()),
      /** 0 to 100. */
      content_trust_score: z.number().min(0).max(100),
    }),
  ),
});
export type CompetitorContent = z.infer<typeof CompetitorContentSchema>;

const TrustMetricSchema = z.object({
  /** 0 to 100. */
  value: z.number().min(0).max(100),
  description: z.string(),
});

export const ContentTrustSchema = z.object({
  summary: z.string(),
  improvements: z.array(z.string()),
  /** 0 to 100, always computed by Sitelens from the metrics with TRUST_WEIGHTS. */
  trust_score: z.number().min(0).max(100),
  trust_metrics: z.object({
    topical_relevance: TrustMetricSchema,
    subject_expertise: TrustMetricSchema,
    credibility: TrustMetricSchema,
  }),
});
export type ContentTrust = z.infer<typeof ContentTrustSchema>;
export type TrustMetricKey = keyof ContentTrust['trust_metrics'];

/** A trust signal measured on the pages (HTTPS, about page, bylines, ...), shown beside the metrics. */
export const TrustSignalSchema = z.object({
  key: z.string(),
  label: z.string(),
  found: z.boolean(),
  /** What was found or missed, e.g. 'https://example.com/about'. */
  detail: z.string(),
});
export type TrustSignal = z.infer<typeof TrustSignalSchema>;

export const ContentAnalysisOutputSchema = z.object({
  /** 'llm': the language model judged the content; 'computed': measured from the pages without one. */
  method: z.enum(['llm', 'computed']),
  website_profile: WebsiteProfileSchema.nullable(),
  content_effectiveness: ContentEffectivenessSchema.nullable(),
  competitor_content: CompetitorContentSchema.nullable(),
  content_trust: ContentTrustSchema.nullable(),
  /** What was measured on the pages, in both methods. */
  signals: z.object({
    pages: z.array(z.object({ url: z.string(), title: z.string(), words: z.number() })),
    trust_signals: z.array(TrustSignalSchema),
    /** Flesch reading ease of the pages' text, or its adaptation for their language (0 to 100, higher is easier), as the readability check scores a page; null under 100 words. */
    readability: z.number().nullable(),
  }),
  error: z.string().nullable(),
});
export type ContentAnalysisOutput = z.infer<typeof ContentAnalysisOutputSchema>;

/** GET /content-analysis (latest), /content-analysis/active and the POST's answer. */
export const ContentAnalysisSchema = z.object({
  guid: z.string(),
  domain: z.string(),
  status: AiProcessStatusSchema,
  c_at: z.string(),
  finished_at: z.string().nullable(),
  /** Null until the process completes or fails. */
  output: ContentAnalysisOutputSchema.nullable(),
});
export type ContentAnalysis = z.infer<typeof ContentAnalysisSchema>;

// --- Visibility analysis -------------------------------------------------------------------------

/** A figure over every sample, and its lowest and highest value over the samples taken separately. */
export const SpreadFigureSchema = z.object({ value: z.number(), min: z.number(), max: z.number() });
export type SpreadFigure = z.infer<typeof SpreadFigureSchema>;

export const TopWebsiteSchema = z.object({
  domain: z.string(),
  /** 0 to 100: the share of answers that cite or mention the domain. */
  visibility_score: z.number(),
  /** 0 to 100: the domain's share of all citations and mentions. */
  share_of_voice: z.number(),
  visibility_spread: SpreadFigureSchema,
  share_of_voice_spread: SpreadFigureSchema,
  is_target: z.boolean(),
});
export type TopWebsite = z.infer<typeof TopWebsiteSchema>;

export const CitedResultSchema = z.object({ domain: z.string(), url: z.string(), title: z.string() });
export type CitedResult = z.infer<typeof CitedResultSchema>;

export const PromptAnswerSchema = z.object({
  engine: z.string(),
  sample: z.number().int(),
  response: z.string(),
  results: z.array(CitedResultSchema),
});
export type PromptAnswer = z.infer<typeof PromptAnswerSchema>;

export const SearchPromptSchema = z.object({
  query: z.string(),
  /** The first engine's first answer, as the screen shows it. */
  query_response: z.string(),
  /** Every domain cited in any answer to the query, the most cited first, with how many answers cite it. */
  results: z.array(CitedResultSchema.extend({ answers: z.number().int() })),
  /** Every answer: each engine, each sample. */
  answers: z.array(PromptAnswerSchema),
  /** How many of the answers cite or mention the target domain. */
  target_cited: z.number().int(),
});
export type SearchPrompt = z.infer<typeof SearchPromptSchema>;

export const VisibilityOutputSchema = z.object({
  industry_niche: z.string(),
  target_domain: z.string(),
  engines: z.array(z.object({ name: z.string(), model: z.string() })),
  samples: z.number().int(),
  /** The target's figures (0 to 100) with their spread over the samples. */
  visibility_score: SpreadFigureSchema,
  share_of_voice: SpreadFigureSchema,
  /** The lowest and highest visibility score of the website's competitors (of the top websites when it has none listed); null when none was seen. */
  competitor_range: z.object({ min: z.number(), max: z.number() }).nullable(),
  top_websites: z.array(TopWebsiteSchema),
  search_prompts: z.array(SearchPromptSchema),
  error: z.string().nullable(),
});
export type VisibilityOutput = z.infer<typeof VisibilityOutputSchema>;

export const VisibilityAnalysisSchema = z.object({
  guid: z.string(),
  domain: z.string(),
  status: AiProcessStatusSchema,
  c_at: z.string(),
  finished_at: z.string().nullable(),
  output: VisibilityOutputSchema.nullable(),
});
export type VisibilityAnalysis = z.infer<typeof VisibilityAnalysisSchema>;

/** GET /llm/status: whether a language model is configured, for the screens' not-configured state. */
export const LlmStatusSchema = z.object({
  configured: z.boolean(),
  engines: z.array(z.object({ name: z.string(), model: z.string() })),
  samples: z.number().int(),
  /** Tokens this month for the caller's organization, and the cap (null: none). */
  month: z.string(),
  tokens_used: z.number().int(),
  token_cap: z.number().int().nullable(),
});
export type LlmStatus = z.infer<typeof LlmStatusSchema>;

// --- Rules shared by the server and the screens --------------------------------------------------

/** The Content Trust Score from its three metrics (spec 9), rounded to a whole number. */
export function trustScore(metrics: Record<TrustMetricKey, { value: number }>): number {
  return Math.round(
    metrics.topical_relevance.value * TRUST_WEIGHTS.topical_relevance +
      metrics.subject_expertise.value * TRUST_WEIGHTS.subject_expertise +
      metrics.credibility.value * TRUST_WEIGHTS.credibility,
  );
}

/** Trust score colour band (spec 9): under 50 red, 50 to 79 amber, 80 and up green. */
export function trustBand(score: number): 'red' | 'amber' | 'green' {
  if (score >= 80) return 'green';
  if (score >= 50) return 'amber';
  return 'red';
}

/**
 * Share of voice status (spec 9), against the top domain's share: 75 % of it or more passed,
 * 50 % or more warning, else failed. The top domain itself passes.
 */
export function shareOfVoiceStatus(share: number, topShare: number): 'passed' | 'warning' | 'failed' {
  if (topShare <= 0) return share > 0 ? 'passed' : 'failed';
  const ratio = share / topShare;
  if (ratio >= 0.75) return 'passed';
  if (ratio >= 0.5) return 'warning';
  return 'failed';
}
