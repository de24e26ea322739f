import type { Schedule, Share, TemplateListReply } from '@sitelens/contracts';
import { json } from '../../checkup/checkup-test-kit';
import { website } from '../../deep-analysis/test-fixtures';
import { type ApiCall, stubCalls } from '../../webmaster-tools/test-fixtures';
import { BUILT_IN, template } from '../test-fixtures';

/** Builders shared by the delivery cards' tests. */
export const WEBSITE = '00000000-0000-4000-8000-0000000000d1';
export const TEMPLATE = '00000000-0000-4000-8000-0000000000d2';
export const SCHEDULE = '00000000-0000-4000-8000-0000000000d3';
export const SHARE = '00000000-0000-4000-8000-0000000000d4';
export const REPORT = '00000000-0000-4000-8000-0000000000d5';

export const TEMPLATES: TemplateListReply = {
  templates: [BUILT_IN, template({ guid: TEMPLATE })],
  allowed: true,
};

export const schedule = (fields: Partial<Schedule> = {}): Schedule => ({
  guid: SCHEDULE,
  website_guid: WEBSITE,
  domain: 'client.test',
  template_guid: TEMPLATE,
  template_name: 'Agency brand',
  recipient: 'boss@client.test',
  frequency: 'weekly',
  enabled: true,
  c_at: '2026-11-01T10:00:00.000Z',
  last_send: null,
  ...fields,
});

export const share = (fields: Partial<Share> = {}): Share => ({
  guid: SHARE,
  report_guid: REPORT,
  report_url: 'https://client.test/pricing',
  template_guid: TEMPLATE,
  template_name: 'Agency brand',
  expires_at: '2026-12-20T12:00:00.000Z',
  revoked_at: null,
  c_at: '2026-11-20T12:00:00.000Z',
  state: 'active',
  ...fields,
});

/**
 * Answers the lists the cards read (schedules, shares, websites, templates) and whatever `extra`
 * answers first; any other call is a 500.
 */
export function serveDelivery(
  lists: { schedules?: Schedule[]; shares?: Share[] },
  extra: (call: ApiCall) => Response | undefined = () => undefined,
) {
  stubCalls((call) => {
    const answer = extra(call);
    if (answer) return answer;
    if (call.method !== 'GET') return undefined;
    if (call.path === '/api/white-label/schedules') return json({ schedules: lists.schedules ?? [] });
    if (call.path === '/api/white-label/shares') return json({ shares: lists.shares ?? [] });
    if (call.path === '/api/white-label/template') return json(TEMPLATES);
    if (call.path === '/api/website-index')
      return json([
        website(WEBSITE, 'client.test'),
        website('00000000-0000-4000-8000-0000000000d6', 'other.test'),
      ]);
    return undefined;
  });
}
