import { createRequire } from 'node:module';
import path from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { TextItem } from 'pdfjs-dist/types/src/display/api.js';

// pdf.js reads the standard fonts' metrics from its own package: no network, no warning.
const standardFontDataUrl = `${path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'))}/standard_fonts/`;

export interface PdfPage {
  width: number;
  height: number;
  /** Each run of text with where it starts and how wide it is, in PDF points. */
  items: { str: string; x: number; y: number; width: number }[];
  text: string;
}

/** A PDF's pages and metadata, read by pdf.js (Mozilla's parser), as a viewer would. */
export async function readPdf(pdf: Buffer | Uint8Array) {
  const task = getDocument({
    data: new Uint8Array(pdf),
    standardFontDataUrl,
    isEvalSupported: false,
    verbosity: 0,
  });
  const document = await task.promise;
  try {
    const pages: PdfPage[] = [];
    for (let n = 1; n <= document.numPages; n += 1) {
      const page = await document.getPage(n);
      const [, , width, height] = page.view as [number, number, number, number];
      const content = await page.getTextContent();
      const items = content.items
        .filter((item): item is TextItem => 'str' in item)
        .map((item) => ({
          str: item.str,
          x: item.transform[4],
          y: item.transform[5],
          width: item.width,
          eol: item.hasEOL,
        }));
      pages.push({
        width,
        height,
        items: items.map(({ eol: _eol, ...item }) => item),
        text: items.map((item) => `${item.str}${item.eol ? '\n' : ' '}`).join(''),
      });
    }
    const info: Record<string, unknown> = { ...(await document.getMetadata()).info };
    return { pages, info, text: pages.map((page) => page.text).join('\n') };
  } finally {
    await task.destroy();
  }
}
