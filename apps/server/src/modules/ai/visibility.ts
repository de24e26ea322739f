import {
  CHECKUP_MESSAGES,
  type CitedResult,
  type PromptAnswer,
  type SearchPrompt,
  type SpreadFigure,
  type TopWebsite,
  type VisibilityOutput,
} from '@sitelens/contracts';
import { mapLimit } from '@sitelens/engine';
import { parse } from 'tldts';
import { z } from 'zod';
import type { Llm, LlmEngine } from '../../providers/llm';
import { pageText } from './page-signals';
import { AnalysisFailed, type AnalysisTarget, type PageReader } from './target';

/** Questions asked of every engine, and answers asked for at once. */
export const PROMPTS = 5;
const CONCURRENCY = 3;
/** Domains kept in top_websites (the screen shows the first 10 and groups the rest as 'Other'). */
const TOP_WEBSITES = 50;

export const SearchPromptsSchema = z.object({
  industry_niche: z.string().min(1),
  prompts: z.array(z.string().min(3).max(300)).min(3).max(10),
});

// Asked as any user would ask; the only nudge is to name the sites an answer relies on.
const ANSWER_SYSTEM =
  'Answer as you would answer anyone. Where you rely on or recommend specific websites, name them and give their URLs.';

/** A host as a cited site: without `www.`, or null when its suffix is not a public one (`file.txt`, `localhost`). */
export function siteOf(host: string): string | null {
  const name = host.toLowerCase().replace(/\.$/, '');
  const parsed = parse(name);
  return parsed.isIcann && parsed.domain ? name.replace(/^www\./, '') : null;
}

const MARKDOWN_LINK = /\[([^\]\n]{1,200})\]\((https?:\/\/[^\s)]+)\)/g;
const BARE_URL = /\bhttps?:\/\/[^\s<>()[\]"'`]+/g;
const BARE_DOMAIN = /\b(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,24}\b/gi;

/**
 * The websites an answer cites or mentions, once each, in the order they first appear: markdown
 * links (with their text as title), bare URLs, and names like `example.com` whose suffix is a
 * public one. A subdomain of the target counts as the target (`blog.example.com` for `example.com`).
 */
export function extractCitations(text: string, targetDomain: string): CitedResult[] {
  const found = new Map<string, { at: number; result: CitedResult }>();
  const add = (at: number, url: string, title: string | null) => {
    let host: string;
    try {
      host = new URL(url).hostname;
    } catch {
      return;
    }
    const site = siteOf(host);
    const domain = site?.endsWith(`.${targetDomain}`) ? targetDomain : site;
    if (!domain || found.has(domain)) return;
    found.set(domain, { at, result: { domain, url, title: title?.trim() || domain } });
  };
  let rest = text;
  for (const match of text.matchAll(MARKDOWN_LINK)) {
    add(match.index, match[2]!.replace(/[.,;:!?]+$/, ''), match[1]!);
    rest = rest.replace(match[0], ' '.repeat(match[0].length));
  }
  for (const match of rest.matchAll(BARE_URL)) {
    add(match.index, match[0].replace(/[.,;:!?]+$/, ''), null);
    rest = rest.replace(match[0], ' '.repeat(match[0].length));
  }
  for (const match of rest.matchAll(BARE_DOMAIN)) {
    // A name that is part of an e-mail address is not a citation of the site.
    if (rest[match.index - 1] === '@') continue;
    add(match.index, `https://${match[0].toLowerCase()}`, null);
  }
  return [...found.values()].sort((a, b) => a.at - b.at).map((entry) => entry.result);
}

const round1 = (value: number) => Math.round(value * 10) / 10;

/** A domain's visibility (share of answers citing it) and share of voice (share of all citations) in some answers. */
function figuresOf(answers: PromptAnswer[]) {
  const cited = new Map<string, number>();
  let citations = 0;
  for (const answer of answers) {
    for (const result of answer.results) {
      cited.set(result.domain, (cited.get(result.domain) ?? 0) + 1);
      citations += 1;
    }
  }
  return {
    visibility: (domain: string) => (answers.length ? (100 * (cited.get(domain) ?? 0)) / answers.length : 0),
    share: (domain: string) => (citations ? (100 * (cited.get(domain) ?? 0)) / citations : 0),
    domains: [...cited.keys()],
  };
}

const spread = (value: number, perSample: number[]): SpreadFigure => ({
  value: round1(value),
  min: round1(Math.min(...perSample)),
  max: round1(Math.max(...perSample)),
});

/**
 * The figures of spec 3 and 9 over every answer, each with its spread: the same figure computed on
 * each sample round alone (every question asked once of every engine), lowest and highest.
 */
export function visibilityFigures(
  answers: PromptAnswer[],
  samples: number,
  target: string,
  competitorDomains: string[],
): Pick<VisibilityOutput, 'visibility_score' | 'share_of_voice' | 'competitor_range' | 'top_websites'> {
  const all = figuresOf(answers);
  const rounds = Array.from({ length: samples }, (_, sample) =>
    figuresOf(answers.filter((answer) => answer.sample === sample)),
  );
  const websiteOf = (domain: string): TopWebsite => ({
    domain,
    visibility_score: round1(all.visibility(domain)),
    share_of_voice: round1(all.share(domain)),
    visibility_spread: spread(
      all.visibility(domain),
      rounds.map((round) => round.visibility(domain)),
    ),
    share_of_voice_spread: spread(
      all.share(domain),
      rounds.map((round) => round.share(domain)),
    ),
    is_target: domain === target,
  });
  const top = [...new Set([...all.domains, target])]
    .map(websiteOf)
    .sort(
      (a, b) =>
        b.visibility_score - a.visibility_score ||
        b.share_of_voice - a.share_of_voice ||
        a.domain.localeCompare(b.domain),
    )
    .slice(0, TOP_WEBSITES);
  if (!top.some((website) => website.is_target)) top.push(websiteOf(target));
  const mine = websiteOf(target);
  // The website's own competitors when it lists some, else the other top websites.
  const competitors = competitorDomains.length
    ? competitorDomains.map(websiteOf)
    : top.filter((website) => !website.is_target).slice(0, 10);
  const scores = competitors.map((website) => website.visibility_score);
  return {
    visibility_score: mine.visibility_spread,
    share_of_voice: mine.share_of_voice_spread,
    competitor_range: scores.length ? { min: Math.min(...scores), max: Math.max(...scores) } : null,
    top_websites: top,
  };
}

/** One question's answers as the screen lists them: the first answer, every site cited and how often. */
export function searchPromptOf(query: string, answers: PromptAnswer[], target: string): SearchPrompt {
  const results = new Map<string, CitedResult & { answers: number }>();
  for (const answer of answers) {
    for (const result of answer.results) {
      const seen = results.get(result.domain);
      if (seen) seen.answers += 1;
      else results.set(result.domain, { ...result, answers: 1 });
    }
  }
  return {
    query,
    query_response: answers[0]?.response ?? '',
    results: [...results.values()].sort((a, b) => b.answers - a.answers || a.domain.localeCompare(b.domain)),
    answers,
    target_cited: answers.filter((answer) => answer.results.some((result) => result.domain === target))
      .length,
  };
}

/**
 * An LLM visibility analysis: questions of the website's niche written from what it offers and its
 * keywords (without naming it), every engine asked each question `samples` times, the sites each
 * answer cites extracted, and the website's visibility and share of voice against them.
 */
export async function analyseVisibility(
  llm: Llm,
  read: PageReader,
  target: AnalysisTarget,
  profile: string | null,
): Promise<VisibilityOutput> {
  const engines = llm.visibilityEngines;
  const writer = llm.engine ?? engines[0];
  if (!writer) throw new AnalysisFailed('No language model is configured');
  let about = profile;
  if (!about) {
    const homepage = await read.page(target.homepageUrl);
    if (!homepage) throw new AnalysisFailed(CHECKUP_MESSAGES.cannotAccess(target.homepageUrl));
    const text = pageText(homepage.html, homepage.finalUrl, { maxChars: 3_000 });
    about = `${text.title}\n${text.description}\n${text.headings.slice(0, 15).join(' | ')}\n${text.text}`;
  }
  const written = await llm.askJson(target.organizationId, {
    purpose: 'visibility.prompts',
    schemaName: 'search_prompts',
    schema: SearchPromptsSchema,
    maxTokens: 1_000,
    engine: writer,
    messages: [
      {
        role: 'system',
        content:
          'You write the questions people ask AI assistants when they look for products, services or information.',
      },
      {
        role: 'user',
        content: `A website (${target.domain}) is described below. Name its industry niche in a few words (industry_niche), and write ${PROMPTS} questions (prompts) a person in ${target.locationName} would ask an AI assistant when looking for what this website offers. Do not name the website, its brand or its domain in the questions.
Keywords it targets: ${target.keywords.join(', ') || '(none given)'}

${about}`,
      },
    ],
  });
  const queries = [...new Set(written.prompts.map((prompt) => prompt.trim()))].slice(0, PROMPTS);
  const asks = queries.flatMap((query) =>
    engines.flatMap((engine) =>
      Array.from({ length: llm.samples }, (_, sample) => ({ query, engine, sample })),
    ),
  );
  const answers = await mapLimit(asks, CONCURRENCY, async ({ query, engine, sample }) => {
    const response = await llm.askText(target.organizationId, {
      purpose: 'visibility.answer',
      engine,
      maxTokens: 1_200,
      messages: [
        { role: 'system', content: ANSWER_SYSTEM },
        { role: 'user', content: query },
      ],
    });
    return {
      query,
      answer: {
        engine: engineLabel(engine),
        sample,
        response,
        results: extractCitations(response, target.domain),
      },
    };
  });
  const competitorDomains = [
    ...new Set(
      target.competitors.flatMap((url) => {
        try {
          return [siteOf(new URL(url).hostname) ?? new URL(url).hostname];
        } catch {
          return [];
        }
      }),
    ),
  ];
  return {
    industry_niche: written.industry_niche,
    target_domain: target.domain,
    engines: engines.map((engine) => ({ name: engine.name, model: engine.model })),
    samples: llm.samples,
    ...visibilityFigures(
      answers.map((entry) => entry.answer),
      llm.samples,
      target.domain,
      competitorDomains,
    ),
    search_prompts: queries.map((query) =>
      searchPromptOf(
        query,
        answers.filter((entry) => entry.query === query).map((entry) => entry.answer),
        target.domain,
      ),
    ),
    error: null,
  };
}

const engineLabel = (engine: LlmEngine) =>
  engine.name === engine.model ? engine.name : `${engine.name} (${engine.model})`;
