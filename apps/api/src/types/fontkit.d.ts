/** The part of fontkit 2 (pdfkit's font engine) the invoices use; the package ships no types. */
declare module 'fontkit' {
  export interface Font {
    /** Every code point the font maps to a glyph. */
    readonly characterSet: number[];
    hasGlyphForCodePoint(codePoint: number): boolean;
    glyphForCodePoint(codePoint: number): unknown;
    /** pdfkit takes any object with `layout` as a ready font. */
    layout(text: string): unknown;
  }
  export function create(buffer: Uint8Array): Font;
}
