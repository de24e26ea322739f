import { ArtifactUnavailable } from '@sitelens/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/app';
import { type FakeDataForSeo, startFakeDataForSeo } from '../../test/dataforseo-server';
import { seoDataApp } from '../../test/seo-data';
import { checkupSeoData } from './checkup-data';

// The checkup's provider checks read the metered data source for the report's organization.

describe("the checkup's keyword and backlink data", () => {
  let fake: FakeDataForSeo;
  beforeAll(async () => {
    fake = await startFakeDataForSeo();
  });
  afterAll(() => fake.close());

  async function organizationOf(t: TestApp) {
    const [row] = await t.database.query<{ id: string }>('select id from organizations limit 1');
    return row!.id;
  }

  it('gives the domain backlinks, referring domains, competitors and the queries the page ranks for', async () => {
    const { t } = await seoDataApp(fake);
    try {
      const artifact = await checkupSeoData(
        t.database,
        t.app.deps.services.seoData,
        await organizationOf(t),
      )('https://www.harbour-guide.co.uk/');
      expect(artifact.backlinks.length).toBeGreaterThan(0);
      expect(artifact.backlinks[0]).toEqual({
        source: expect.stringMatching(/^https?:\/\//),
        anchor: expect.any(String),
        rel: expect.stringMatching(/^(dofollow|nofollow)$/),
      });
      expect(artifact.referringDomains).toBeGreaterThan(0);
      expect(artifact.nofollowShare).toBeGreaterThanOrEqual(0);
      expect(artifact.nofollowShare).toBeLessThanOrEqual(1);
      expect(artifact.competitorDomains.length).toBeGreaterThan(0);
      expect(artifact.competitorDomains.some((c) => c.domain === 'harbour-guide.co.uk')).toBe(false);
      // Only queries whose ranking page is this one (the homepage).
      expect(artifact.relatedKeywords.length).toBeGreaterThan(0);
      const asked = fake.requests.find((r) => r.path === 'dataforseo_labs/google/ranked_keywords/live');
      expect(asked?.task).toMatchObject({ target: 'harbour-guide.co.uk', location_name: 'United States' });
    } finally {
      await t.close();
    }
  });

  it('a spent budget makes the checks unavailable with the reason, with no numbers', async () => {
    const { t } = await seoDataApp(fake, { capUsd: 0 });
    try {
      const read = checkupSeoData(t.database, t.app.deps.services.seoData, await organizationOf(t));
      await expect(read('https://quay-cafe.example/menu')).rejects.toBeInstanceOf(ArtifactUnavailable);
      await expect(read('https://quay-cafe.example/menu')).rejects.toThrow(/budget/);
    } finally {
      await t.close();
    }
  });
});
