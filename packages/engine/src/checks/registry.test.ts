import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CATALOGUE_KEYS } from '../catalogue-keys';
import { CATEGORIES } from '../categories';
import { allChecks } from './index';

const NOT_CHECKS = new Set(['define-check.ts', 'index.ts']);
const checkFiles = readdirSync(import.meta.dirname)
  .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !NOT_CHECKS.has(file))
  .map((file) => file.replace(/\.ts$/, ''));

describe('the check registry', () => {
  it('lists every check file, under a key equal to its file name', () => {
    expect(allChecks.map((check) => check.key).sort()).toEqual([...checkFiles].sort());
  });

  it('holds only checks of the catalogue, in catalogue order', () => {
    const catalogue: readonly string[] = CATALOGUE_KEYS;
    expect(checkFiles.filter((key) => !catalogue.includes(key))).toEqual([]);
    const keys = allChecks.map((check) => check.key);
    expect(keys).toEqual([...keys].sort((a, b) => catalogue.indexOf(a) - catalogue.indexOf(b)));
  });

  it('has every check of the catalogue', () => {
    expect(CATALOGUE_KEYS.filter((key) => !checkFiles.includes(key))).toEqual([]);
  });

  it('has a test file beside every check', () => {
    const tests = new Set(readdirSync(import.meta.dirname).filter((file) => file.endsWith('.test.ts')));
    expect(checkFiles.filter((key) => !tests.has(`${key}.test.ts`))).toEqual([]);
  });

  it.each(allChecks.map((check) => [check.key, check] as const))(
    '%s has complete metadata',
    (_key, check) => {
      expect(CATEGORIES.map((c) => c.key)).toContain(check.category);
      expect(check.relevance).toBeGreaterThanOrEqual(0);
      expect(check.relevance).toBeLessThanOrEqual(10);
      expect(check.title.trim()).not.toBe('');
      expect(check.description.trim()).not.toBe('');
      expect(check.recommendation.trim()).not.toBe('');
      expect(check.howToFix.trim()).not.toBe('');
      expect(check.requires.length).toBeGreaterThan(0);
    },
  );

  // Advice may point to a product feature only once it exists: there is no project setting for an
  // IndexNow key, no certificate monitoring and no position tracking yet.
  it('gives advice that names only what exists', () => {
    const advice = allChecks.flatMap((check) =>
      [check.description, check.recommendation, check.howToFix].map((text) => ({ key: check.key, text })),
    );
    const promises = /project settings|Sitelens monitoring|monitoring can send|follow their positions/i;
    expect(advice.filter(({ text }) => promises.test(text)).map(({ key }) => key)).toEqual([]);
  });
});
