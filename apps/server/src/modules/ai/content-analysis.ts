import {
  CHECKUP_MESSAGES,
  CompetitorContentSchema,
  type ContentAnalysisOutput,
  ContentEffectivenessSchema,
  ContentTrustSchema,
  trustScore,
  WebsiteProfileSchema,
} from '@sitelens/contracts';
import { z } from 'zod';
import type { Llm } from '../../providers/llm';
import { capText, measureSite, type PageText, pageText, readingEase } from './page-signals';
import { AnalysisFailed, type AnalysisTarget, type PageReader } from './target';

/** What the model is asked for the website itself; the trust score is ours, from its metrics. */
export const ContentReportSchema = z.object({
  website_profile: WebsiteProfileSchema,
  content_effectiveness: ContentEffectivenessSchema,
  content_trust: ContentTrustSchema.omit({ trust_score: true }),
});

const SYSTEM = `You are a senior content strategist auditing a website's content for search engines and AI assistants.
Judge only from the pages and the measured facts given. Never invent facts about the business; when the pages do not say something, say that they do not.
Write plain English sentences, no markdown.`;

// Characters of one page's text, and of all pages', given to the model.
const PAGE_CHARS = 3_000;
const ALL_CHARS = 18_000;

/** The pages as the model reads them: each with its title, description, headings and text. */
export function pagesForPrompt(pages: { url: string; text: PageText }[], budget = ALL_CHARS): string {
  let left = budget;
  const parts: string[] = [];
  for (const { url, text } of pages) {
    if (left <= 0) break;
    const body = capText(text.text, Math.min(PAGE_CHARS, left));
    left -= body.length;
    parts.push(
      [
        `### ${url}`,
        `Title: ${text.title || '(none)'}`,
        `Description: ${text.description || '(none)'}`,
        `Headings: ${text.headings.slice(0, 20).join(' | ') || '(none)'}`,
        `Text: ${body}`,
      ].join('\n'),
    );
  }
  return parts.join('\n\n');
}

/**
 * A content analysis of the website: its pages measured (trust signals, readability, the profile
 * it states), then judged by the language model when one is configured; without one, the measured
 * result alone, labelled as such.
 */
export async function analyseContent(
  llm: Llm,
  read: PageReader,
  target: AnalysisTarget,
): Promise<ContentAnalysisOutput> {
  const homepage = await read.page(target.homepageUrl);
  if (!homepage) throw new AnalysisFailed(CHECKUP_MESSAGES.cannotAccess(target.homepageUrl));
  const site = measureSite(
    [homepage, ...(await read.pages(await read.keyPages(homepage)))],
    target.domain,
    target.keywords,
  );
  const signals = site.signals;
  const measured = {
    pages: site.pages.map(({ url, text }) => ({ url, title: text.title, words: text.words })),
    trust_signals: signals,
    readability: readingEase(site.pages.map(({ text }) => text.text).join(' ')),
  };

  if (!llm.engine) {
    return {
      method: 'computed',
      website_profile: site.profile,
      content_effectiveness: null,
      competitor_content: null,
      content_trust: site.trust,
      signals: measured,
      error: null,
    };
  }

  const facts = [
    `Website: ${target.domain} (${homepage.finalUrl})`,
    `Market: ${target.locationName}, language ${target.languageCode}`,
    `Tracked keywords: ${target.keywords.join(', ') || '(none)'}`,
    `Readability (Flesch reading ease): ${measured.readability ?? 'not measured'}`,
    'Trust signals measured on the pages:',
    ...signals.map((signal) => `- ${signal.label}: ${signal.found ? 'found' : 'missing'} (${signal.detail})`),
  ].join('\n');
  const report = await llm.askJson(target.organizationId, {
    purpose: 'content.report',
    schemaName: 'content_report',
    schema: ContentReportSchema,
    maxTokens: 4_000,
    messages: [
      { role: 'system', content: SYSTEM },
      {
        role: 'user',
        content: `${facts}

Pages:
${pagesForPrompt(site.pages)}

Give:
- website_profile: what the business offers (domain_description), who it serves (target_audience), and its industry niche (name and one-sentence description).
- content_effectiveness: a summary; 4 to 6 questions a visitor or a search engine would ask of this content (e.g. "Does the homepage say clearly what is offered and to whom?"), each with 2 to 4 findings typed STRENGTH, WARNING or WEAKNESS and a score from 0 to 10; and 3 to 5 content_opportunities (title and description).
- content_trust: a summary, improvements (one sentence each), and trust_metrics topical_relevance (how focused and complete the content is on its niche), subject_expertise (depth, authorship, evidence) and credibility (transparency, contact details, citations, the measured signals), each a value from 0 to 100 with a one-sentence description of why.`,
      },
    ],
  });

  return {
    method: 'llm',
    website_profile: report.website_profile,
    content_effectiveness: report.content_effectiveness,
    competitor_content: await competitorContent(llm, read, target),
    content_trust: { ...report.content_trust, trust_score: trustScore(report.content_trust.trust_metrics) },
    signals: measured,
    error: null,
  };
}

/** The competitors' homepages judged side by side; null when the website lists none or none could be read. */
async function competitorContent(llm: Llm, read: PageReader, target: AnalysisTarget) {
  const pages = await read.pages(target.competitors);
  if (pages.length === 0) return null;
  const answer = await llm.askJson(target.organizationId, {
    purpose: 'content.competitors',
    schemaName: 'competitor_content',
    schema: CompetitorContentSchema,
    maxTokens: 3_000,
    messages: [
      { role: 'system', content: SYSTEM },
      {
        role: 'user',
        content: `The website ${target.domain} competes with the sites below. For each competitor's homepage give its name, its strengths and weaknesses as content (2 to 4 each), and a content trust score from 0 to 100; then a summary of what ${target.domain} can learn from them. Keep each competitor's domain and url exactly as given.

${pagesForPrompt(
  pages.map((page) => ({ url: page.finalUrl, text: pageText(page.html, page.finalUrl) })),
  12_000,
)}`,
      },
    ],
  });
  // Only the competitors asked about, with the addresses we fetched: the model names, it does not locate.
  const byHost = new Map(pages.map((page) => [hostOf(page.finalUrl), page]));
  const sections = answer.sections.flatMap((section) => {
    const page =
      byHost.get(hostOf(section.competitor.url)) ??
      byHost.get(section.competitor.domain.replace(/^www\./, ''));
    return page
      ? [
          {
            ...section,
            competitor: { ...section.competitor, domain: hostOf(page.finalUrl), url: page.finalUrl },
          },
        ]
      : [];
  });
  return sections.length > 0 ? { summary: answer.summary, sections } : null;
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return url;
  }
}
