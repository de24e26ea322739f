import { AI_ANALYSIS_MESSAGES, AI_ANALYSIS_POLL_MS } from '@sitelens/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderRoutes } from '../checkup/checkup-test-kit';
import { query, restoreStubs, screenRoutes } from '../seo-data/test-support';
import { callsTo } from '../webmaster-tools/test-fixtures';
import { ContentAnalysisScreen } from './content-analysis-screen';
import {
  computedOutput,
  contentAnalysis,
  contentOutput,
  llmStatus,
  PROCESS,
  runningContent,
  stubAiApi,
} from './test-fixtures';

const ROUTES = screenRoutes('/ai-content-analysis', <ContentAnalysisScreen />);
const LATEST = '/api/content-analysis';
const ACTIVE = '/api/content-analysis/active';
const M = AI_ANALYSIS_MESSAGES;

/** The card titled `title`. */
const card = (title: string) =>
  within(screen.getByText(title, { selector: '.ant-card-head-title' }).closest('.ant-card') as HTMLElement);
/** The screen is in (the first render of a file builds every Ant Design style: give it time). */
const loaded = (text: string) => screen.findByText(text, {}, { timeout: 5000 });
const refresh = () => screen.getByRole('button', { name: 'Refresh analysis' });

afterEach(restoreStubs);

describe('the AI Content Analysis screen', () => {
  it("shows every card of a language model's analysis", async () => {
    stubAiApi('content-analysis', { latest: contentAnalysis() });
    renderRoutes(ROUTES, '/ai-content-analysis');
    await loaded('Example sells handmade oak furniture online.');

    const header = card('AI Content Analysis');
    // The domain beside the website selector's.
    expect(header.getByText('example.com', { selector: 'strong' })).toBeInTheDocument();
    expect(header.getByText('Analyzed on Nov 20, 2026')).toBeInTheDocument();
    expect(refresh()).toBeEnabled();
    expect(screen.queryByText(M.computedWithoutLlm)).toBeNull();
    expect(query(callsTo(ACTIVE)[0])).toEqual({ domain: 'example.com' });
    expect(query(callsTo(LATEST)[0])).toEqual({ domain: 'example.com' });

    const context = card('Domain Business Context');
    expect(context.getByText('Homeowners furnishing a new house')).toBeInTheDocument();
    expect(context.getByText('Furniture retail')).toBeInTheDocument();
    expect(context.getByText('Solid wood furniture sold direct to consumers.')).toBeInTheDocument();

    const report = card('AI Content Effectiveness Report');
    expect(report.getByText('The product pages answer most buying questions.')).toBeInTheDocument();
    expect(report.getByText('Does the content explain the products?')).toBeInTheDocument();
    // Out of 10 in the score colours: 7.5 and up green, 5 and up amber, else red.
    expect(report.getByText('8/10')).toHaveStyle({ color: '#52c41a' });
    expect(report.getByText('6/10')).toHaveStyle({ color: '#faad14' });
    expect(report.getByText('3/10')).toHaveStyle({ color: '#f5222d' });
    const finding = (text: string) => report.getByText(text).closest('li') as HTMLElement;
    expect(within(finding('Every product lists its dimensions.')).getByText('STRENGTH')).toHaveClass(
      'ant-tag-green',
    );
    expect(within(finding('Care instructions are hard to find.')).getByText('WARNING')).toHaveClass(
      'ant-tag-orange',
    );
    expect(within(finding('No customer reviews are shown.')).getByText('WEAKNESS')).toHaveClass(
      'ant-tag-red',
    );
    expect(report.getByRole('heading', { name: 'Content opportunities' })).toBeInTheDocument();
    expect(report.getByText('Oak care guide')).toBeInTheDocument();
    expect(report.getByText('A guide to oiling oak tables.')).toBeInTheDocument();

    const competitors = card('Competitor Content Insights');
    expect(competitors.getByText('Competitors publish more guides.')).toBeInTheDocument();
    const rival = within(competitors.getByRole('region', { name: 'Rival Furniture' }));
    expect(rival.getByRole('link', { name: 'rival.com' })).toHaveAttribute('href', 'https://rival.com/');
    expect(rival.getByText('Detailed buying guides')).toBeInTheDocument();
    expect(rival.getByText('Slow product pages')).toBeInTheDocument();
    // 85: green, in the trust score's bands (80 and up).
    expect(rival.getByText('85')).toHaveStyle({ color: '#52c41a' });

    const trust = card('AI Content Trust');
    // 72: amber in the trust bands (50 to 79).
    const gauge = trust.getByLabelText('Content Trust Score: 72');
    expect(gauge).toHaveTextContent('72');
    expect(gauge.querySelector('.ant-progress-circle-path')).toHaveStyle({ stroke: '#faad14' });
    const metric = (name: string) => trust.getByRole('listitem', { name });
    expect(metric('Topical relevance')).toHaveTextContent(
      'Topical relevance (50%)80Pages stay on furniture.',
    );
    expect(metric('Subject expertise')).toHaveTextContent('(25%)60');
    expect(metric('Credibility')).toHaveTextContent('(25%)68');
    expect(trust.getByText('The content is relevant but shows little expertise.')).toBeInTheDocument();
    expect(trust.getByText('Add author bylines')).toBeInTheDocument();
    const signals = within(trust.getByRole('region', { name: 'Trust signals' }));
    expect(signals.getByText('HTTPS').closest('li')).toContainElement(signals.getByLabelText('Found'));
    expect(signals.getByText('About page').closest('li')).toContainElement(signals.getByLabelText('Missing'));
    expect(signals.getByText('No about page linked from the homepage')).toBeInTheDocument();
    expect(trust.getByText('Readability (Flesch): 62')).toBeInTheDocument();
  });

  it('labels a result computed without a language model, and its LLM-only cards are empty', async () => {
    stubAiApi('content-analysis', { latest: contentAnalysis({ output: computedOutput() }) });
    renderRoutes(ROUTES, '/ai-content-analysis');
    await loaded(M.noContext);

    expect(card('AI Content Analysis').getByText(M.computedWithoutLlm)).toBeInTheDocument();
    expect(card('AI Content Analysis').getByText(M.llmHowToConfigure)).toBeInTheDocument();
    expect(card('AI Content Trust').getByText(M.computedWithoutLlm)).toBeInTheDocument();
    expect(card('Domain Business Context').getByText(M.noContext)).toBeInTheDocument();
    expect(card('AI Content Effectiveness Report').getByText(M.noEffectiveness)).toBeInTheDocument();
    expect(card('Competitor Content Insights').getByText(M.noCompetitors)).toBeInTheDocument();
    expect(card('AI Content Trust').getByLabelText('Content Trust Score: 72')).toBeInTheDocument();
    expect(card('AI Content Trust').getByText('Readability (Flesch): 62')).toBeInTheDocument();
  });

  it('says before the first run that no language model is configured, and what it measures without one', async () => {
    stubAiApi('content-analysis', { status: llmStatus({ configured: false, engines: [] }) });
    renderRoutes(ROUTES, '/ai-content-analysis');
    await loaded(M.contentWithoutLlm);
    const header = card('AI Content Analysis');
    expect(header.getByText(M.contentWithoutLlm)).toBeInTheDocument();
    expect(header.getByText(M.llmHowToConfigure)).toBeInTheDocument();
    await waitFor(() => expect(refresh()).toBeEnabled());
  });

  it('shows every empty text when the domain has no analysis yet (404)', async () => {
    stubAiApi('content-analysis', {});
    renderRoutes(ROUTES, '/ai-content-analysis');
    await loaded(M.noContext);
    expect(screen.getByText(M.noEffectiveness)).toBeInTheDocument();
    expect(screen.getByText(M.noCompetitors)).toBeInTheDocument();
    expect(screen.getByText(M.noTrust)).toBeInTheDocument();
    expect(screen.queryByText(/Analyzed on/)).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(refresh()).toBeEnabled();
  });

  it('shows the process under way, polls it every 10 s (a failed poll unseen), then its result', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    stubAiApi('content-analysis', {
      active: runningContent(),
      // The first poll fails; the second finds the process still running; the third, completed.
      poll: (count) =>
        [
          json({ error: 'Upstream timeout', code: 'internal' }, 500),
          runningContent(),
          contentAnalysis({ guid: PROCESS }),
        ][Math.min(count, 2)],
      latest: contentAnalysis({ guid: PROCESS }),
    });
    renderRoutes(ROUTES, '/ai-content-analysis');
    await waitFor(() => expect(screen.getAllByText(M.inProgress)).toHaveLength(5), { timeout: 5000 });
    // Every card, and the header.
    expect(document.querySelectorAll('.ai-in-progress .ant-spin')).toHaveLength(5);
    expect(refresh()).toBeDisabled();
    // With a process under way the stored analysis is not read.
    expect(callsTo(LATEST)).toHaveLength(0);

    await vi.advanceTimersByTimeAsync(AI_ANALYSIS_POLL_MS);
    expect(callsTo(ACTIVE)).toHaveLength(2);
    expect(query(callsTo(ACTIVE)[1])).toEqual({ domain: 'example.com', process_guid: PROCESS });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getAllByText(M.inProgress)).toHaveLength(5);

    await vi.advanceTimersByTimeAsync(AI_ANALYSIS_POLL_MS);
    expect(screen.getAllByText(M.inProgress)).toHaveLength(5);
    await vi.advanceTimersByTimeAsync(AI_ANALYSIS_POLL_MS);
    expect(await screen.findByText('Example sells handmade oak furniture online.')).toBeInTheDocument();
    expect(screen.queryByText(M.inProgress)).toBeNull();
    expect(refresh()).toBeEnabled();
    // Then the latest is read again, and the polling stops.
    await waitFor(() => expect(callsTo(LATEST)).toHaveLength(1));
    await vi.advanceTimersByTimeAsync(AI_ANALYSIS_POLL_MS * 3);
    expect(callsTo(ACTIVE)).toHaveLength(4);
  });

  it("'Refresh analysis' starts a process and shows it in progress", async () => {
    const user = userEvent.setup();
    stubAiApi('content-analysis', { latest: contentAnalysis(), start: () => runningContent() });
    renderRoutes(ROUTES, '/ai-content-analysis');
    await loaded('Example sells handmade oak furniture online.');

    await user.click(refresh());
    expect(await screen.findAllByText(M.inProgress)).toHaveLength(5);
    expect(callsTo(LATEST, 'POST')[0]?.body).toEqual({ domain: 'example.com' });
    expect(refresh()).toBeDisabled();
    expect(screen.queryByText('Example sells handmade oak furniture online.')).toBeNull();
  });

  it("says why 'Refresh analysis' could not start: the allowance spent, or any other failure", async () => {
    const user = userEvent.setup();
    let starts = 0;
    stubAiApi('content-analysis', {
      start: () =>
        starts++ === 0
          ? json({ error: M.tokenBudgetSpent, code: 'llm_budget_spent' }, 429)
          : json({ error: 'Internal error', code: 'internal' }, 500),
    });
    renderRoutes(ROUTES, '/ai-content-analysis');
    await loaded(M.noContext);

    await user.click(refresh());
    expect(await screen.findByRole('alert')).toHaveTextContent(M.tokenBudgetSpent);
    await user.click(refresh());
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(M.startFailed));
    expect(screen.getByRole('alert')).toHaveTextContent(M.startFailedDetail);
    expect(screen.getByText(M.noContext)).toBeInTheDocument();
  });

  it('shows the error of a failed analysis above the cards, which show their empty texts', async () => {
    stubAiApi('content-analysis', {
      latest: contentAnalysis({
        status: 'failed',
        output: contentOutput({ error: M.llmFailed, website_profile: null, content_trust: null }),
      }),
    });
    renderRoutes(ROUTES, '/ai-content-analysis');
    expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent(M.llmFailed);
    expect(screen.getByText(M.noContext)).toBeInTheDocument();
    expect(screen.getByText(M.noEffectiveness)).toBeInTheDocument();
    expect(screen.getByText(M.noCompetitors)).toBeInTheDocument();
    expect(screen.getByText(M.noTrust)).toBeInTheDocument();
  });

  it("shows the server's error when the first read fails", async () => {
    stubAiApi('content-analysis', { active: json({ error: 'Database unavailable', code: 'internal' }, 500) });
    renderRoutes(ROUTES, '/ai-content-analysis');
    expect(await screen.findByText('Database unavailable', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByText('Domain Business Context')).toBeNull();
  });

  it('sends a visitor without a tracked website to the dashboard', async () => {
    stubAiApi('content-analysis', { websites: [] });
    renderRoutes(ROUTES, '/ai-content-analysis');
    expect(
      await screen.findByRole('link', { name: 'Go to the dashboard' }, { timeout: 5000 }),
    ).toHaveAttribute('href', '/dashboard');
    expect(callsTo(ACTIVE)).toHaveLength(0);
  });
});
