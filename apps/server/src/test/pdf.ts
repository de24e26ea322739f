import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Reading PDFs in tests as a reader sees them, through poppler's tools (pdftotext, pdfimages). */

export const rawPdf = (pdf: Buffer) => pdf.toString('latin1');
/** Page objects, not the /Pages tree node. */
export const pageCount = (pdf: Buffer) => rawPdf(pdf).match(/\/Type\s*\/Page(?![a-zA-Z])/g)?.length ?? 0;

function withFile<T>(pdf: Buffer, read: (file: string) => T): T {
  const dir = mkdtempSync(path.join(tmpdir(), 'sitelens-pdf-'));
  try {
    const file = path.join(dir, 'report.pdf');
    writeFileSync(file, pdf);
    return read(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The text of each page, as pdftotext reads it, whitespace squeezed. */
export function pageTexts(pdf: Buffer): string[] {
  const text = withFile(pdf, (file) =>
    execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }),
  );
  return text
    .split('\f')
    .slice(0, pageCount(pdf))
    .map((page) => page.replace(/\s+/g, ' '));
}

/** The images drawn on each page (1-based page numbers), as `pdfimages -list` reports them. */
export function pageImages(pdf: Buffer): { page: number; width: number; height: number }[] {
  const list = withFile(pdf, (file) => execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' }));
  return list
    .split('\n')
    .slice(2)
    .map((line) => line.trim().split(/\s+/))
    .filter((cells) => cells.length > 4 && /^\d+$/.test(cells[0] ?? ''))
    .map((cells) => ({ page: Number(cells[0]), width: Number(cells[3]), height: Number(cells[4]) }));
}
