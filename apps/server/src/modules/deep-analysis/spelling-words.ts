import { DEEP_ANALYSIS_MESSAGES, MAX_SPELLING_WORDS, type SpellingWordsReply } from '@sitelens/contracts';
import type { QueryFn } from '../../db/client';
import { fieldError } from '../../errors';
import { lockWebsite } from '../websites/service';
import { type DeepAnalysisDeps, websiteOf } from './service';
import { judgeSpellingAgain } from './site-checks';

/** The words a website keeps as its own, never reported as misspelt on its pages. */
export async function spellingWords(
  deps: DeepAnalysisDeps,
  organizationId: string,
  websiteId: string,
): Promise<SpellingWordsReply> {
  await websiteOf(deps.database.query, organizationId, websiteId);
  return { words: await wordsOf(deps.database.query, websiteId) };
}

/**
 * "Ignore this word": the website keeps it as its own (lower case, at most MAX_SPELLING_WORDS,
 * counted under the website's lock so two at once cannot pass the cap), and the pages that list
 * it are judged again at once.
 */
export async function addSpellingWord(
  deps: DeepAnalysisDeps,
  organizationId: string,
  websiteId: string,
  word: string,
): Promise<SpellingWordsReply> {
  await websiteOf(deps.database.query, organizationId, websiteId);
  const lower = word.toLowerCase();
  await deps.database.transaction(async (query) => {
    await lockWebsite(query, websiteId);
    const [kept] = await query<{ n: number }>(
      'select count(*)::int as n from website_spelling_words where website_id = $1 and word <> $2',
      [websiteId, lower],
    );
    if ((kept?.n ?? 0) >= MAX_SPELLING_WORDS)
      throw fieldError('bad_request', 'word', DEEP_ANALYSIS_MESSAGES.spellingWordsFull(MAX_SPELLING_WORDS));
    await query(
      'insert into website_spelling_words (website_id, word) values ($1, $2) on conflict do nothing',
      [websiteId, lower],
    );
  });
  return judgedAgain(deps, websiteId, lower);
}

/** The website gives a word back: it is checked again on every page that has it. */
export async function removeSpellingWord(
  deps: DeepAnalysisDeps,
  organizationId: string,
  websiteId: string,
  word: string,
): Promise<SpellingWordsReply> {
  await websiteOf(deps.database.query, organizationId, websiteId);
  const lower = word.toLowerCase();
  await deps.database.query('delete from website_spelling_words where website_id = $1 and word = $2', [
    websiteId,
    lower,
  ]);
  return judgedAgain(deps, websiteId, lower);
}

/** After a change of the website's words: the pages that list the word judged again, and the words. */
async function judgedAgain(deps: DeepAnalysisDeps, websiteId: string, word: string) {
  await judgeSpellingAgain(deps.database, websiteId, word);
  return { words: await wordsOf(deps.database.query, websiteId) };
}

const wordsOf = async (query: QueryFn, websiteId: string) =>
  (
    await query<{ word: string }>(
      'select word from website_spelling_words where website_id = $1 order by word',
      [websiteId],
    )
  ).map((row) => row.word);
