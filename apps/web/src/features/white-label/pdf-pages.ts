// The branded PDF's pages drawn as pictures by pdf.js, so the preview looks the same in every
// browser: a PDF in an <iframe> was an empty dark viewer in Chromium and nothing on iOS Safari.
// The legacy build carries the polyfills that browsers short of the newest lack.

import { GlobalWorkerOptions, getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import workerUrl from 'pdfjs-dist/legacy/build/pdf.worker.min.mjs?url';

// This module is imported on demand (white-label.queries.ts), and vite.config.ts leaves pdf.js out
// of the vendor chunk: it loads with the preview only.
GlobalWorkerOptions.workerSrc = workerUrl;

/** One page as a PNG, with its size in CSS pixels at 100 %. */
export interface PageImage {
  blob: Blob;
  width: number;
  height: number;
}

/** Pages are drawn at twice their size: sharp on a 2x screen at the preview's width. */
const SCALE = 2;

/** Each page of `pdf` as a PNG, in order. */
export async function pdfPageImages(pdf: Blob, signal?: AbortSignal): Promise<PageImage[]> {
  const task = getDocument({ data: new Uint8Array(await pdf.arrayBuffer()) });
  try {
    const document_ = await task.promise;
    const pages: PageImage[] = [];
    for (let number = 1; number <= document_.numPages; number++) {
      signal?.throwIfAborted();
      const page = await document_.getPage(number);
      const viewport = page.getViewport({ scale: SCALE });
      const canvas = document.createElement('canvas');
      canvas.width = Math.ceil(viewport.width);
      canvas.height = Math.ceil(viewport.height);
      await page.render({ canvas, viewport }).promise;
      pages.push({
        blob: await pngOf(canvas),
        width: viewport.width / SCALE,
        height: viewport.height / SCALE,
      });
      // A canvas's pixels are held until it shrinks (iOS Safari caps the total).
      canvas.width = 0;
      canvas.height = 0;
      page.cleanup();
    }
    return pages;
  } finally {
    await task.destroy();
  }
}

function pngOf(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('The page could not be drawn'))),
      'image/png',
    ),
  );
}
