import addressparser from 'nodemailer/lib/addressparser';
import { parseHeaderValue } from 'nodemailer/lib/mime-funcs';

/**
 * Reads back what the outbox holds: the messages nodemailer composed (mailer.ts). That is a
 * known shape (headers, then a text part, usually beside an HTML one in multipart/alternative,
 * each quoted-printable, base64 or plain), so a small reader does, rather than a full MIME
 * parser.
 */
export interface ParsedEmail {
  to: string[];
  subject: string;
  /** ISO 8601; empty if the message has no readable Date. */
  date: string;
  text: string;
}

interface Part {
  headers: Map<string, string>;
  body: string;
}

function splitPart(raw: string): Part {
  const match = /\r?\n\r?\n/.exec(raw);
  const head = match ? raw.slice(0, match.index) : raw;
  const body = match ? raw.slice(match.index + match[0].length) : '';
  const headers = new Map<string, string>();
  // A line that starts with white space continues the header above it (RFC 5322 folding).
  for (const line of head.replace(/\r?\n(?=[ \t])/g, '').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

/** `=?UTF-8?Q?…?=` and `=?UTF-8?B?…?=` (RFC 2047); white space between two of them is dropped. */
export function decodeWords(value: string): string {
  return value
    .replace(/(\?=)\s+(?==\?)/g, '$1')
    .replace(/=\?([\w-]+)\?([BbQq])\?([^?]*)\?=/g, (_, charset: string, encoding: string, text: string) => {
      const bytes =
        encoding.toUpperCase() === 'B' ? Buffer.from(text, 'base64') : qpBytes(text.replace(/_/g, ' '));
      return decode(bytes, charset);
    });
}

function qpBytes(text: string): Buffer {
  const bytes: number[] = [];
  const input = text.replace(/=\r?\n/g, ''); // soft line breaks
  for (let i = 0; i < input.length; i += 1) {
    const hex = input.slice(i + 1, i + 3);
    if (input[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(input.charAt(i), 'utf8'));
    }
  }
  return Buffer.from(bytes);
}

function decode(bytes: Buffer, charset = 'utf-8'): string {
  try {
    return new TextDecoder(charset).decode(bytes);
  } catch {
    return bytes.toString('utf8');
  }
}

function bodyText(part: Part): string {
  const { params } = parseHeaderValue(part.headers.get('content-type') ?? 'text/plain');
  const encoding = (part.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  const bytes =
    encoding === 'base64'
      ? Buffer.from(part.body.replace(/\s+/g, ''), 'base64')
      : encoding === 'quoted-printable'
        ? qpBytes(part.body)
        : Buffer.from(part.body, 'utf8');
  return decode(bytes, params.charset).replace(/\r\n/g, '\n');
}

/** The decoded body of the first part of `type` (`text/plain`, `text/html`), nested multiparts included. */
function findPart(part: Part, type: string): string | undefined {
  const { value, params } = parseHeaderValue(part.headers.get('content-type') ?? 'text/plain');
  const own = value.toLowerCase();
  if (own === type) return bodyText(part);
  if (!own.startsWith('multipart/') || !params.boundary) return undefined;
  const [, ...sections] = part.body.split(`--${params.boundary}`);
  for (const section of sections) {
    if (section.startsWith('--')) break; // the closing delimiter
    const found = findPart(splitPart(section.replace(/^\r?\n/, '').replace(/\r?\n$/, '')), type);
    if (found !== undefined) return found;
  }
  return undefined;
}

export const partOfType = (raw: string, type: 'text/plain' | 'text/html') => findPart(splitPart(raw), type);

export function parseEml(raw: string): ParsedEmail {
  const message = splitPart(raw);
  const date = new Date(message.headers.get('date') ?? '');
  return {
    to: addressparser(decodeWords(message.headers.get('to') ?? ''), { flatten: true })
      .map((mailbox) => mailbox.address)
      .filter(Boolean),
    subject: decodeWords(message.headers.get('subject') ?? ''),
    date: Number.isNaN(date.getTime()) ? '' : date.toISOString(),
    text: findPart(message, 'text/plain') ?? '',
  };
}
