import { describe, expect, it } from 'vitest';
import { format } from './define-check';
import { safeBrowsing } from './safe-browsing';

describe('safe-browsing', () => {
  it('passes a site on no list', () => {
    expect(
      safeBrowsing.evaluate({ safeBrowsing: { status: 'clean', threats: [] } }, { format }),
    ).toMatchObject({
      status: 'passed',
      data: { safe_browsing: { status: 'clean', threats: [] } },
    });
  });

  it('fails a listed site and names the threats', () => {
    const result = safeBrowsing.evaluate(
      { safeBrowsing: { status: 'listed', threats: ['MALWARE', 'SOCIAL_ENGINEERING'] } },
      { format },
    );
    expect(result.status).toBe('failed');
    expect(result.message).toContain('MALWARE, SOCIAL_ENGINEERING');
  });
});
