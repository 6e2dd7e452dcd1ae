import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Font } from 'fontkit';

/**
 * The invoices' typeface: DejaVu Sans (the `dejavu-fonts-ttf` package, 0.7 MB a weight), which
 * draws Latin, Greek and Cyrillic, unlike the PDF standard fonts (Latin-1 only). pdfkit embeds
 * the glyphs an invoice uses, shaped by fontkit. It has no CJK: a CJK font is 5 MB and more a weight (docs/decisions/026). A character neither
 * weight has is printed as U+FFFD (�), never as the font's missing glyph: pdfkit gives every
 * such character that one glyph, which garbles the PDF's text (copy, search, screen readers)
 * of the characters after it.
 *
 * Parsed once, on the first invoice, and kept: handing pdfkit the parsed font rather than the
 * file's bytes spares each invoice a parse (about 90 ms against 14 ms for a whole invoice).
 */
export interface InvoiceFonts {
  regular: Font;
  bold: Font;
}

let loaded: Promise<InvoiceFonts> | undefined;

export function invoiceFonts(): Promise<InvoiceFonts> {
  loaded ??= (async () => {
    const fontkit = await import('fontkit');
    const require = createRequire(import.meta.url);
    const open = (file: string) => {
      const font = fontkit.create(readFileSync(require.resolve(`dejavu-fonts-ttf/ttf/${file}`)));
      // fontkit caches each glyph with the characters it was first asked for; a glyph first met as
      // a part of another (Cyrillic С is drawn from Latin C) when an invoice is subset would be
      // cached with none, and later invoices would give it no text (`C` read back as `1`). Asking
      // for every character first (about 6,000, once) names every glyph.
      for (const code of font.characterSet) font.glyphForCodePoint(code);
      return font;
    };
    return { regular: open('DejaVuSans.ttf'), bold: open('DejaVuSans-Bold.ttf') };
  })();
  return loaded;
}

/**
 * Text as the PDF draws it: composed (NFC), line breaks kept as \n, other controls and tabs as
 * spaces, and characters the fonts lack as U+FFFD.
 */
export function printable(text: string, fonts: InvoiceFonts): string {
  const drawn = (ch: string) => {
    const code = ch.codePointAt(0) ?? 0;
    return fonts.regular.hasGlyphForCodePoint(code) && fonts.bold.hasGlyphForCodePoint(code);
  };
  return Array.from(text.normalize('NFC').replace(/\r\n?/g, '\n'))
    .map((ch) => (ch === '\n' ? ch : /\s|\p{Cc}/u.test(ch) ? ' ' : drawn(ch) ? ch : '\uFFFD'))
    .join('');
}
