import { SEO_DATA_MESSAGES } from '@sitelens/contracts';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RequestError } from '../../api/client';
import { SeoDataErrorAlert } from './seo-data-error-alert';

describe('SeoDataErrorAlert', () => {
  it('shows the not-configured panel for code data_source_not_configured', () => {
    render(
      <SeoDataErrorAlert error={new RequestError(503, { error: 'x', code: 'data_source_not_configured' })} />,
    );
    expect(screen.getByText(SEO_DATA_MESSAGES.notConfigured)).toBeInTheDocument();
    expect(screen.getByText(SEO_DATA_MESSAGES.notConfiguredHelp)).toBeInTheDocument();
  });

  it("says the month's budget is spent in the spec's words for code data_budget_spent", () => {
    render(<SeoDataErrorAlert error={new RequestError(429, { error: 'x', code: 'data_budget_spent' })} />);
    expect(screen.getByRole('alert')).toHaveTextContent(SEO_DATA_MESSAGES.budgetSpent);
  });

  it("shows a refused domain's message without the field's name", () => {
    const refused = new RequestError(400, {
      error: 'query.domain: Invalid domain',
      code: 'bad_request',
      fields: [{ field: 'query.domain', message: 'Invalid domain' }],
    });
    render(<SeoDataErrorAlert error={refused} />);
    expect(screen.getByRole('alert')).toHaveTextContent(/^Invalid domain$/);
  });

  it("shows the server's text for any other failure", async () => {
    render(
      <SeoDataErrorAlert
        error={new RequestError(502, { error: SEO_DATA_MESSAGES.sourceFailed, code: 'data_source_failed' })}
      />,
    );
    expect(await screen.findByText(SEO_DATA_MESSAGES.sourceFailed)).toBeInTheDocument();
  });
});
