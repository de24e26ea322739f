import { describe, expect, it } from 'vitest';
import { parseDocument } from '../gather/document';
import { format } from './define-check';
import { flash } from './flash';

const run = (body: string) =>
  flash.evaluate(
    { document: parseDocument(`<html><body>${body}</body></html>`, 'https://example.com/') },
    { format },
  );

describe('flash', () => {
  it('passes video, a PDF object, an SVG embed and an iframe', () => {
    expect(
      run(
        '<video src="/a.mp4"></video><object data="/doc.pdf" type="application/pdf"></object><embed src="/logo.svg" type="image/svg+xml"><iframe src="https://www.youtube.com/embed/x"></iframe><a href="/swf-guide">Guide</a>',
      ),
    ).toEqual({
      status: 'passed',
      message: 'The page embeds no Flash, Java applets or other browser plugins.',
      data: { flash_resources: [] },
    });
  });

  it('fails Flash objects and embeds', () => {
    const result = run(
      '<object type="application/x-shockwave-flash" data="/intro.swf"></object><embed src="game.swf?level=2">',
    );
    expect(result).toEqual({
      status: 'failed',
      message:
        'The page embeds plugin content no current browser can show (Flash, Java, Silverlight): https://example.com/intro.swf, https://example.com/game.swf?level=2. Visitors see an empty box and search engines cannot read it.',
      data: { flash_resources: ['https://example.com/intro.swf', 'https://example.com/game.swf?level=2'] },
    });
  });

  it('finds the classic ActiveX object with a movie param once, not again for its embed fallback', () => {
    expect(
      run(
        '<object classid="clsid:D27CDB6E-AE6D-11cf-96B8-444553540000" width="400"><param name="movie" value="/banner.swf"><embed src="/banner.swf" type="application/x-shockwave-flash"></object>',
      ).data?.flash_resources,
    ).toEqual(['https://example.com/banner.swf']);
  });

  it('fails Java applets, Silverlight and links to .swf files', () => {
    const result = run(
      '<applet code="Clock.class"></applet><object type="application/x-java-applet"><param name="code" value="Game.class"></object><object data="data:application/x-silverlight-2," type="application/x-silverlight-2"><param name="source" value="/app.xap"></object><a href="/old.SWF">Play</a>',
    );
    expect(result.status).toBe('failed');
    expect(result.data?.flash_resources).toEqual([
      'https://example.com/Clock.class',
      'https://example.com/Game.class',
      'https://example.com/app.xap',
      'https://example.com/old.SWF',
    ]);
  });
});
