import type { EmailContent } from './wording.js';

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

export interface Seller {
  name: string;
  address: string;
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Every value that goes into the HTML part goes through this: names and addresses are the customer's. */
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);

/**
 * The plain-text and HTML parts of one e-mail. The HTML is self-contained: inline styles, no
 * images, no remote resources, no links to follow — nothing that reports back when it is opened.
 */
export function renderEmail(content: EmailContent, seller: Seller): RenderedEmail {
  const width = Math.max(...content.details.map(([label]) => label.length));
  const text = [
    content.greeting,
    '',
    ...content.paragraphs.flatMap((p) => [p, '']),
    ...content.details.map(([label, value]) => `${`${label}:`.padEnd(width + 2)}${value}`),
    '',
    '--',
    seller.name,
    seller.address,
    '',
  ].join('\n');

  const cell = 'padding:4px 12px 4px 0;vertical-align:top;text-align:left';
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${escapeHtml(content.subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#1f2937">
<p>${escapeHtml(content.greeting)}</p>
${content.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
<table style="border-collapse:collapse;margin:16px 0">
${content.details
  .map(
    ([label, value]) =>
      `<tr><th scope="row" style="${cell}">${escapeHtml(label)}</th><td style="${cell}">${escapeHtml(value)}</td></tr>`,
  )
  .join('\n')}
</table>
<p style="color:#6b7280;font-size:13px">${escapeHtml(seller.name)}<br>${escapeHtml(seller.address)}</p>
</body>
</html>
`;
  return { subject: content.subject, text, html };
}
