import { DEFAULT_STORE_CONTACT } from '@store/shared';
import { Fragment } from 'react';
import { storeSettings } from '../../lib/store-settings';
import { EmailAddress } from './email-address';

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A message as the store words it ('… contact us at orders@… or +44 …'), with the store's e-mail
 * (STORE_EMAIL) a mailto link wherever the message names it, so the reader can write at once, and
 * its phone (STORE_PHONE) kept on one line.
 */
export function ContactText({ text }: { text: string }) {
  // A page written by a store from before the contact was part of its settings has none.
  const { email, phone } = storeSettings().contact ?? DEFAULT_STORE_CONTACT;
  if (!text.includes(email) && !text.includes(phone)) return text;
  // With a capturing group, split keeps the e-mail and the phone among the pieces; the empty ones
  // (at either end) are dropped, so each piece starts further on and its offset is its key.
  const pieces = text.split(new RegExp(`(${escaped(email)}|${escaped(phone)})`)).filter(Boolean);
  let offset = 0;
  return pieces.map((piece) => {
    const at = offset;
    offset += piece.length;
    return (
      <Fragment key={at}>
        {piece === email ? (
          <a href={`mailto:${email}`} className="link font-semibold">
            <EmailAddress email={email} />
          </a>
        ) : piece === phone ? (
          <span className="whitespace-nowrap">{phone}</span>
        ) : (
          piece
        )}
      </Fragment>
    );
  });
}
