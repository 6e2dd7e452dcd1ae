/**
 * The PDF standard fonts (Helvetica, …) need no font file and no download, but they only have
 * the glyphs of the WinAnsi encoding (Latin-1 plus a few typographic marks): pdfkit prints
 * anything else as a wrong glyph. So text is brought into WinAnsi before it is drawn:
 * 'Zoë Müller' stays as it is, letters with marks outside it lose the mark ('Łódź' -> 'Lodz'
 * with 'ó' kept: 'Lódz'), compatibility forms fold ('ﬁ' -> 'fi'), and other scripts become '?'.
 * Embedding a Unicode font would print everything, at the cost of shipping a font file.
 */

/** WinAnsi's characters between 0x80 and 0x9F, where Latin-1 has control codes. */
const WIN_ANSI_EXTRAS = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/** Letters whose stroke is part of the letter, so Unicode decomposition leaves them whole. */
const STROKED: Record<string, string> = {
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
  Ħ: 'H',
  ħ: 'h',
  ı: 'i',
  Ŧ: 'T',
  ŧ: 't',
  '\u2212': '-', // the minus sign
  '\u2010': '-',
  '\u2011': '-',
};

const isWinAnsi = (ch: string) => {
  const code = ch.codePointAt(0) ?? 0;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRAS.has(ch);
};

function fold(ch: string): string {
  if (ch === '\n') return ch;
  if (/\s|\p{Cc}/u.test(ch)) return ' ';
  const base = STROKED[ch] ?? ch.normalize('NFKD').replace(/\p{M}/gu, '');
  return base !== '' && Array.from(base).every(isWinAnsi) ? base : '?';
}

/** `text` in characters the standard fonts can draw; line breaks kept, \r\n and tabs tidied. */
export function toWinAnsi(text: string): string {
  return Array.from(text.normalize('NFC').replace(/\r\n?/g, '\n'))
    .map((ch) => (isWinAnsi(ch) ? ch : fold(ch)))
    .join('');
}
