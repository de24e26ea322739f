import { describe, expect, it } from 'vitest';
import { parseDocument } from '../gather/document';
import { pageArtifact } from '../testing/artifacts';
import { format } from './define-check';
import { htmlLang } from './html-lang';

const EN =
  'We build the tables and the chairs by hand in our workshop, and we choose the wood for each of them with care. '.repeat(
    4,
  );
const DE =
  'Wir bauen die Tische und die Stühle von Hand in unserer Werkstatt, und wir wählen das Holz für jeden von ihnen mit Sorgfalt aus. '.repeat(
    4,
  );
const run = (attr: string, text = EN, headers: Record<string, string> = {}) =>
  htmlLang.evaluate(
    {
      document: parseDocument(`<html${attr}><body><p>${text}</p></body></html>`, 'https://example.com/'),
      page: pageArtifact('https://example.com/', '', { headers }),
    },
    { format },
  );

describe('html-lang', () => {
  it('passes a valid tag that matches the text, in canonical form', () => {
    expect(run(' lang="EN-gb"')).toEqual({
      status: 'passed',
      message: 'The page declares its language as en-GB, which matches its text.',
      data: { lang: 'EN-gb', detected_lang: 'en' },
    });
  });

  it('does not judge the language of a text under 50 words', () => {
    expect(run(' lang="fr"', 'Wir bauen die Tische und die Stühle von Hand.')).toEqual({
      status: 'passed',
      message: 'The page declares its language as fr.',
      data: { lang: 'fr', detected_lang: null },
    });
  });

  it('does not take a language it has no word list for as another one', () => {
    const czech =
      'Naše firma vyrábí nábytek z masivního dubového dřeva. Každý stůl je vyroben ručně v naší dílně v Brně a má desetiletou záruku. Zveme vás k návštěvě našeho obchodu a k seznámení s nabídkou. V nabídce jsou také židle, lavice a komody, a na přání zákazníka vyrábíme nábytek na míru.';
    expect(run(' lang="cs"', czech.repeat(2))).toMatchObject({
      status: 'passed',
      data: { detected_lang: null },
    });
  });

  it('fails a missing attribute', () => {
    expect(run('')).toMatchObject({ status: 'failed', data: { lang: null, detected_lang: 'en' } });
    expect(run(' lang=" "').message).toContain('The <html> element has no lang attribute');
  });

  it('fails an invalid tag, suggesting the hyphen for an underscore', () => {
    expect(run(' lang="english"')).toMatchObject({
      status: 'failed',
      message: 'The lang attribute “english” is not a valid language tag.',
    });
    expect(run(' lang="{{ locale }}"').status).toBe('failed');
    expect(run(' lang="x-klingon"').status).toBe('failed');
    expect(run(' lang="en_US"').message).toBe(
      'The lang attribute “en_US” is not a valid language tag; write en-US, with a hyphen.',
    );
  });

  it('warns when the text is in another language', () => {
    expect(run(' lang="en"', DE)).toEqual({
      status: 'warning',
      message: 'The page says it is in English, but its text reads as German.',
      data: { lang: 'en', detected_lang: 'de' },
    });
  });

  it('warns when Content-Language names none of the page’s language', () => {
    const result = run(' lang="en"', EN, { 'content-language': 'de-DE' });
    expect(result.status).toBe('warning');
    expect(result.message).toBe(
      'The page says lang="en", but the server’s Content-Language header says de-DE.',
    );
    expect(run(' lang="en"', EN, { 'content-language': 'de, en' }).status).toBe('passed');
  });
});
