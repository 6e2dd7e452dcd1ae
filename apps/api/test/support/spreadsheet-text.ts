import fc from 'fast-check';

/**
 * Texts a part may hold that a spreadsheet export must carry back unchanged: whatever the store
 * keeps (trimmed, no control characters but the line breaks and tabs a description may hold),
 * weighted towards what the export's formula guard and RFC 4180 quoting touch.
 */

/** Starts the formula guard acts on, the same after a `'` (and two), and quoting's characters. */
const STARTS = [
  '=',
  '+',
  '-',
  '@',
  '\t',
  '\r',
  "'",
  "'=",
  "'+",
  "'-",
  "'@",
  "'\t",
  "'\r",
  "''=",
  "''-",
  '"',
  ',',
];

const unit = fc.oneof(
  { weight: 3, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '"',
      '""',
      ',',
      '\n',
      '\r\n',
      '\r',
      '\t',
      "'",
      '=',
      '+',
      '-',
      '@',
      ' ',
      'é',
      '😀',
    ),
  },
);

/** Any text, most of them beginning where the formula guard or quoting acts. */
export const spreadsheetText = fc
  .tuple(fc.option(fc.constantFrom(...STARTS), { nil: '' }), fc.string({ unit, maxLength: 24 }))
  .map(([start, rest]) => start + rest);

/** What no stored text of the kind holds, as the shared schemas refuse it. */
const SINGLE_LINE_REFUSED = /\p{Cc}|\p{Cs}|\p{Noncharacter_Code_Point}/gu;
const MULTILINE_REFUSED = /[^\P{Cc}\t\n\r]|\p{Cs}|\p{Noncharacter_Code_Point}/gu;

/**
 * A text as the store keeps it: no refused characters, trimmed, at least one character and at
 * most `maxLength` UTF-16 units. `extra` removes what the field refuses besides (an attribute's
 * commas).
 */
export function storedText({
  multiline = false,
  maxLength,
  extra,
}: {
  multiline?: boolean;
  maxLength: number;
  extra?: RegExp;
}): fc.Arbitrary<string> {
  return spreadsheetText
    .map((raw) => {
      let text = raw.replace(multiline ? MULTILINE_REFUSED : SINGLE_LINE_REFUSED, ' ');
      if (extra) text = text.replace(extra, ' ');
      return text.trim();
    })
    .filter((text) => text.length > 0 && text.length <= maxLength);
}

/** The formula-guard cases each kind of text can hold, spelled out. */
export const GUARD_CASES = {
  singleLine: [
    '=1+1',
    "'=1+1",
    "''=1+1",
    '+49 30 1234',
    "'+x",
    '-5 V',
    "'-5 V",
    '@home',
    "'@home",
    "'plain",
    "'",
    '"quoted", and, commas',
  ],
  multiline: ["'\tindented", "'\rreturn", "'=SUM(A1)\nline two", '=1\r\n=2', "''\tx", 'say "hi",\r\nthen go'],
};
