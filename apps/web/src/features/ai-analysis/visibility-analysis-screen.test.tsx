import { AI_ANALYSIS_MESSAGES, AI_ANALYSIS_POLL_MS } from '@sitelens/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderRoutes } from '../checkup/checkup-test-kit';
import { restoreStubs, screenRoutes } from '../seo-data/test-support';
import { callsTo } from '../webmaster-tools/test-fixtures';
import {
  llmStatus,
  PROCESS,
  runningVisibility,
  searchPrompt,
  stubAiApi,
  topWebsite,
  visibilityAnalysis,
  visibilityOutput,
} from './test-fixtures';
import { VisibilityAnalysisScreen } from './visibility-analysis-screen';

const ROUTES = screenRoutes('/llm-visibility-analysis', <VisibilityAnalysisScreen />);
const LATEST = '/api/visibility-analysis';
const M = AI_ANALYSIS_MESSAGES;
const NO_DATA = 'No data available yet';
const QUESTION = 'Where can I buy a solid oak table?';

const card = (title: string) =>
  within(screen.getByText(title, { selector: '.ant-card-head-title' }).closest('.ant-card') as HTMLElement);
const loaded = (text: string) => screen.findByText(text, {}, { timeout: 5000 });
const refresh = () => screen.getByRole('button', { name: 'Refresh analysis' });
const rowOf = (domain: string) => screen.getByText(domain, { selector: 'td *' }).closest('tr') as HTMLElement;

afterEach(restoreStubs);

describe('the LLM Visibility Analysis screen', () => {
  it('shows the questions, their answers and citations, the score and the top websites', async () => {
    const user = userEvent.setup();
    stubAiApi('visibility-analysis', { latest: visibilityAnalysis() });
    renderRoutes(ROUTES, '/llm-visibility-analysis');
    await loaded(QUESTION);

    const header = card('LLM Visibility Analysis');
    expect(header.getByText('Analyzed on Nov 20, 2026')).toBeInTheDocument();
    expect(header.getByText('Industry niche: Furniture retail')).toBeInTheDocument();
    expect(header.getByText('3 samples per question from gpt-4o-mini')).toBeInTheDocument();
    expect(refresh()).toBeEnabled();

    const question = within(screen.getByRole('article', { name: QUESTION }));
    expect(question.getByRole('heading', { name: QUESTION })).toBeInTheDocument();
    // The answer as written, its line break kept.
    const response = question.getByText(/Try example.com for handmade tables./);
    expect(response.textContent).toBe('Try example.com for handmade tables.\nRival.com also sells them.');
    expect(response).toHaveClass('ai-text');
    expect(question.getByText('Cited in 2 of 3 answers')).toBeInTheDocument();

    const rival = question.getByRole('link', { name: 'Rival tables' });
    expect(rival).toHaveAttribute('href', 'https://rival.com/tables');
    expect(rival).toHaveAttribute('target', '_blank');
    expect(rival).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    const rivalItem = rival.closest('li') as HTMLElement;
    expect(rivalItem).toHaveTextContent('rival.com3 answers');
    expect(rivalItem).not.toHaveClass('ai-citation-target');
    const own = question.getByRole('link', { name: 'Oak tables' }).closest('li') as HTMLElement;
    expect(own).toHaveClass('ai-citation-target');
    expect(within(own).getByText('Your website')).toBeInTheDocument();
    expect(own).toHaveTextContent('example.com2 answers');

    // Every answer, behind 'All answers'.
    expect(question.queryByText('Answer number 2 about oak tables.')).toBeNull();
    await user.click(question.getByRole('button', { name: /All answers/ }));
    expect(await question.findByText('Answer number 1 about oak tables.')).toBeInTheDocument();
    expect(question.getByText('Answer number 2 about oak tables.')).toBeInTheDocument();
    expect(question.getByText('Answer number 3 about oak tables.')).toBeInTheDocument();
    expect(question.getByText('openai, sample 3')).toBeInTheDocument();

    const score = card('Your LLM Visibility Score');
    expect(score.getByLabelText('Visibility score: 40')).toHaveTextContent('40');
    expect(score.getByText('30–50 across 3 samples')).toBeInTheDocument();
    const share = within(score.getByRole('region', { name: 'Share of voice' }));
    expect(share.getByText('25%')).toBeInTheDocument();
    expect(share.getByText('20–30 across 3 samples')).toBeInTheDocument();
    expect(score.getByRole('region', { name: 'Competitor range' })).toHaveTextContent('10–70');

    expect(rowOf('rival.com')).toHaveTextContent('rival.com7060–8040%35–45%');
    expect(rowOf('rival.com')).not.toHaveClass('ai-row-target');
    expect(rowOf('example.com')).toHaveClass('ai-row-target');
    expect(within(rowOf('example.com')).getByText('Your website')).toBeInTheDocument();
    expect(screen.queryByText('Other')).toBeNull();
  });

  // The top website has 40 % of the voice: 75 % of it (30) or more passes, 50 % (20) warns.
  it.each([
    [30, 'passed', 'Passed', 'rgb(82, 196, 26)'],
    [20, 'warning', 'Warning', 'rgb(250, 173, 20)'],
    [19, 'failed', 'Failed', 'rgb(245, 34, 45)'],
  ])('colours a share of voice of %i against 40 as %s', async (value, status, label, color) => {
    stubAiApi('visibility-analysis', {
      latest: visibilityAnalysis({
        output: visibilityOutput({ share_of_voice: { value, min: value, max: value } }),
      }),
    });
    renderRoutes(ROUTES, '/llm-visibility-analysis');
    await loaded(QUESTION);
    const share = within(screen.getByRole('region', { name: 'Share of voice' }));
    const figure = share.getByText(`${value}%`);
    expect(figure).toHaveClass(`ai-sov-${status}`);
    expect(figure).toHaveStyle({ color });
    expect(within(figure).getByRole('img', { name: label })).toBeInTheDocument();
  });

  it("shows the top 10 domains and sums the rest as 'Other'", async () => {
    // 12 domains: site-1.com (19 % of the voice) down to site-12.com (8 %).
    const websites = Array.from({ length: 12 }, (_, i) => topWebsite(i + 1));
    stubAiApi('visibility-analysis', {
      latest: visibilityAnalysis({
        output: visibilityOutput({ top_websites: websites, competitor_range: null }),
      }),
    });
    renderRoutes(ROUTES, '/llm-visibility-analysis');
    await loaded(QUESTION);
    const rows = within(card('Top websites').getByRole('table')).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(11);
    expect(rows[0]).toHaveTextContent('site-1.com');
    expect(rows[9]).toHaveTextContent('site-10.com');
    expect(screen.queryByText('site-11.com')).toBeNull();
    // 9 % + 8 %; the group has no visibility score.
    expect(rows[10]).toHaveTextContent(/^Other-17%$/);
    expect(screen.getByRole('region', { name: 'Competitor range' })).toHaveTextContent('Competitor range-');
  });

  it('shows the not-configured state, with the stored analysis below it', async () => {
    stubAiApi('visibility-analysis', {
      latest: visibilityAnalysis(),
      status: llmStatus({ configured: false, engines: [] }),
    });
    renderRoutes(ROUTES, '/llm-visibility-analysis');
    await loaded(M.llmNotConfigured);
    expect(screen.getByText(M.llmHowToConfigure)).toBeInTheDocument();
    expect(screen.getByText(M.llmNotConfigured).closest('.ant-alert')).toHaveClass('ant-alert-warning');
    expect(refresh()).toBeDisabled();
    expect(await screen.findByRole('article', { name: QUESTION })).toBeInTheDocument();
  });

  it("shows a model's answer as text, never as HTML", async () => {
    const query_response = 'Buy <b>oak</b> at [example](https://example.com)<script>alert(1)</script>';
    stubAiApi('visibility-analysis', {
      latest: visibilityAnalysis({
        output: visibilityOutput({ search_prompts: [searchPrompt({ query_response })] }),
      }),
    });
    renderRoutes(ROUTES, '/llm-visibility-analysis');
    const answer = await loaded(query_response);
    expect(answer.textContent).toBe(query_response);
    expect(answer.querySelector('b, script')).toBeNull();
  });

  it("says 'No data available yet' without an analysis (404)", async () => {
    stubAiApi('visibility-analysis', {});
    renderRoutes(ROUTES, '/llm-visibility-analysis');
    expect(await screen.findAllByText(NO_DATA, {}, { timeout: 5000 })).toHaveLength(3);
    expect(refresh()).toBeEnabled();
  });

  it('shows the process under way until the poll finds it completed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    stubAiApi('visibility-analysis', {
      active: runningVisibility(),
      poll: () => visibilityAnalysis({ guid: PROCESS }),
      latest: visibilityAnalysis({ guid: PROCESS }),
    });
    renderRoutes(ROUTES, '/llm-visibility-analysis');
    await waitFor(() => expect(screen.getAllByText(M.inProgress)).toHaveLength(4), { timeout: 5000 });
    expect(refresh()).toBeDisabled();
    await vi.advanceTimersByTimeAsync(AI_ANALYSIS_POLL_MS);
    expect(await screen.findByRole('article', { name: QUESTION })).toBeInTheDocument();
    expect(screen.queryByText(M.inProgress)).toBeNull();
  });

  it('shows the error of a failed analysis, and the cards their empty texts', async () => {
    stubAiApi('visibility-analysis', {
      latest: visibilityAnalysis({ status: 'failed', output: visibilityOutput({ error: M.llmFailed }) }),
    });
    renderRoutes(ROUTES, '/llm-visibility-analysis');
    expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent(M.llmFailed);
    expect(screen.getAllByText(NO_DATA)).toHaveLength(3);
  });

  it("'Refresh analysis' without a model says that none is configured", async () => {
    const user = userEvent.setup();
    stubAiApi('visibility-analysis', {
      start: () => json({ error: 'No language model', code: 'llm_not_configured' }, 503),
    });
    renderRoutes(ROUTES, '/llm-visibility-analysis');
    await screen.findAllByText(NO_DATA, {}, { timeout: 5000 });
    await user.click(refresh());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(M.llmNotConfigured);
    expect(alert).toHaveTextContent(M.llmHowToConfigure);
    expect(callsTo(LATEST, 'POST')[0]?.body).toEqual({ domain: 'example.com' });
  });
});
