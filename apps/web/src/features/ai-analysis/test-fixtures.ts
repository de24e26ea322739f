import type {
  ContentAnalysis,
  ContentAnalysisOutput,
  LlmStatus,
  SearchPrompt,
  TopWebsite,
  VisibilityAnalysis,
  VisibilityOutput,
  Website,
} from '@sitelens/contracts';
import { json } from '../checkup/checkup-test-kit';
import { answer, stubDataApi } from '../seo-data/test-support';
import type { ApiCall } from '../webmaster-tools/test-fixtures';

/** Builders shared by the AI content and LLM visibility screens' tests. */
export const PROCESS = '00000000-0000-4000-8000-0000000000a1';
export const OLD_PROCESS = '00000000-0000-4000-8000-0000000000a0';
/** Noon UTC: the same day in every time zone the tests may run in. */
export const FINISHED_AT = '2026-11-20T12:00:00.000Z';

/** What a content analysis judged by a language model found on example.com. */
export const contentOutput = (fields: Partial<ContentAnalysisOutput> = {}): ContentAnalysisOutput => ({
  method: 'llm',
  website_profile: {
    domain_description: 'Example sells handmade oak furniture online.',
    target_audience: 'Homeowners furnishing a new house',
    industry_niche: {
      name: 'Furniture retail',
      description: 'Solid wood furniture sold direct to consumers.',
    },
  },
  content_effectiveness: {
    summary: 'The product pages answer most buying questions.',
    analysis: [
      {
        question: 'Does the content explain the products?',
        score: 8,
        findings: [
          { type: 'STRENGTH', content: 'Every product lists its dimensions.' },
          { type: 'WARNING', content: 'Care instructions are hard to find.' },
        ],
      },
      {
        question: 'Does the content build trust?',
        score: 6,
        findings: [{ type: 'WEAKNESS', content: 'No customer reviews are shown.' }],
      },
      { question: 'Is there a blog?', score: 3, findings: [] },
    ],
    content_opportunities: [{ title: 'Oak care guide', description: 'A guide to oiling oak tables.' }],
  },
  competitor_content: {
    summary: 'Competitors publish more guides.',
    sections: [
      {
        competitor: { domain: 'rival.com', url: 'https://rival.com/', name: 'Rival Furniture' },
        strengths: ['Detailed buying guides'],
        weaknesses: ['Slow product pages'],
        content_trust_score: 85,
      },
    ],
  },
  content_trust: {
    summary: 'The content is relevant but shows little expertise.',
    improvements: ['Add author bylines'],
    trust_score: 72,
    trust_metrics: {
      topical_relevance: { value: 80, description: 'Pages stay on furniture.' },
      subject_expertise: { value: 60, description: 'Few pages show expertise.' },
      credibility: { value: 68, description: 'Contact details are present.' },
    },
  },
  signals: {
    pages: [{ url: 'https://example.com/', title: 'Example', words: 1200 }],
    trust_signals: [
      { key: 'https', label: 'HTTPS', found: true, detail: 'https://example.com/' },
      { key: 'about', label: 'About page', found: false, detail: 'No about page linked from the homepage' },
    ],
    readability: 62,
  },
  error: null,
  ...fields,
});

/** The same pages measured without a language model: only the trust score and the signals. */
export const computedOutput = (): ContentAnalysisOutput =>
  contentOutput({
    method: 'computed',
    website_profile: null,
    content_effectiveness: null,
    competitor_content: null,
  });

export const contentAnalysis = (fields: Partial<ContentAnalysis> = {}): ContentAnalysis => ({
  guid: OLD_PROCESS,
  domain: 'example.com',
  status: 'completed',
  c_at: '2026-11-20T11:55:00.000Z',
  finished_at: FINISHED_AT,
  output: contentOutput(),
  ...fields,
});

/** A process under way (pending or running): no output yet. */
export const runningContent = (fields: Partial<ContentAnalysis> = {}): ContentAnalysis =>
  contentAnalysis({ guid: PROCESS, status: 'running', finished_at: null, output: null, ...fields });

/** A domain of the top websites; `n` makes its name. */
export const topWebsite = (n: number, fields: Partial<TopWebsite> = {}): TopWebsite => ({
  domain: `site-${n}.com`,
  visibility_score: 50 - n,
  share_of_voice: 20 - n,
  visibility_spread: { value: 50 - n, min: 40 - n, max: 60 - n },
  share_of_voice_spread: { value: 20 - n, min: 15 - n, max: 25 - n },
  is_target: false,
  ...fields,
});

export const searchPrompt = (fields: Partial<SearchPrompt> = {}): SearchPrompt => ({
  query: 'Where can I buy a solid oak table?',
  query_response: 'Try example.com for handmade tables.\nRival.com also sells them.',
  results: [
    { domain: 'rival.com', url: 'https://rival.com/tables', title: 'Rival tables', answers: 3 },
    { domain: 'example.com', url: 'https://example.com/oak-tables', title: 'Oak tables', answers: 2 },
  ],
  answers: [1, 2, 3].map((sample) => ({
    engine: 'openai',
    sample,
    response: `Answer number ${sample} about oak tables.`,
    results: [{ domain: 'rival.com', url: 'https://rival.com/tables', title: 'Rival tables' }],
  })),
  target_cited: 2,
  ...fields,
});

/** example.com in three answers to one question: visibility 40, 25 % of the voice, rival.com on top. */
export const visibilityOutput = (fields: Partial<VisibilityOutput> = {}): VisibilityOutput => ({
  industry_niche: 'Furniture retail',
  target_domain: 'example.com',
  engines: [{ name: 'openai', model: 'gpt-4o-mini' }],
  samples: 3,
  visibility_score: { value: 40, min: 30, max: 50 },
  share_of_voice: { value: 25, min: 20, max: 30 },
  competitor_range: { min: 10, max: 70 },
  top_websites: [
    topWebsite(0, {
      domain: 'rival.com',
      visibility_score: 70,
      share_of_voice: 40,
      visibility_spread: { value: 70, min: 60, max: 80 },
      share_of_voice_spread: { value: 40, min: 35, max: 45 },
    }),
    topWebsite(0, {
      domain: 'example.com',
      visibility_score: 40,
      share_of_voice: 25,
      visibility_spread: { value: 40, min: 30, max: 50 },
      share_of_voice_spread: { value: 25, min: 20, max: 30 },
      is_target: true,
    }),
  ],
  search_prompts: [searchPrompt()],
  error: null,
  ...fields,
});

export const visibilityAnalysis = (fields: Partial<VisibilityAnalysis> = {}): VisibilityAnalysis => ({
  guid: OLD_PROCESS,
  domain: 'example.com',
  status: 'completed',
  c_at: '2026-11-20T11:55:00.000Z',
  finished_at: FINISHED_AT,
  output: visibilityOutput(),
  ...fields,
});

export const runningVisibility = (fields: Partial<VisibilityAnalysis> = {}): VisibilityAnalysis =>
  visibilityAnalysis({ guid: PROCESS, status: 'running', finished_at: null, output: null, ...fields });

export const llmStatus = (fields: Partial<LlmStatus> = {}): LlmStatus => ({
  configured: true,
  engines: [{ name: 'openai', model: 'gpt-4o-mini' }],
  samples: 3,
  month: '2026-11',
  tokens_used: 12_000,
  token_cap: null,
  ...fields,
});

/** The server's "none": no stored analysis, or no process under way. */
export const notFound = () => json({ error: 'Not found', code: 'not_found' }, 404);

/** A body to answer, or a Response the test built (an error); `undefined` answers 404. */
type Reply = unknown;
const reply = (body: Reply) => (body === undefined ? notFound() : answer(body));

/**
 * Stands in for the API of an AI screen (`kind` is its path): the tracked websites, the latest
 * analysis, the active process (none by default), the polls of one process (`poll`, called with how
 * many polls came before), the start, and the language model's status.
 */
export function stubAiApi(
  kind: 'content-analysis' | 'visibility-analysis',
  {
    websites,
    latest,
    active,
    poll = () => undefined,
    start = () => undefined,
    status = llmStatus(),
  }: {
    websites?: Website[];
    latest?: Reply;
    active?: Reply;
    poll?: (count: number, call: ApiCall) => Reply;
    start?: (call: ApiCall) => Reply;
    status?: Reply;
  },
) {
  let polls = 0;
  stubDataApi({
    websites,
    screenCalls: (call) => {
      if (call.path === `/api/${kind}` && call.method === 'GET') return reply(latest);
      if (call.path === `/api/${kind}` && call.method === 'POST') return reply(start(call));
      if (call.path === `/api/${kind}/active` && !call.query.has('process_guid')) return reply(active);
      if (call.path === `/api/${kind}/active`) return reply(poll(polls++, call));
      if (call.path === '/api/llm/status') return reply(status);
      return undefined;
    },
  });
}
