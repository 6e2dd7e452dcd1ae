/**
 * An e-mail address that wraps, if it must, before its '@' and nowhere else: a table column
 * is then as wide as its longer half, never 'casey@examp|le.com' or 'cora-|12ab@…' (a
 * hyphen is a break too, so each half is kept whole). Phones' stacked lists (under `sm`) may
 * still wrap a half, so that an address longer than the screen never widens the page.
 */
export function EmailAddress({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  if (at <= 0) return email;
  return (
    <>
      <span className="sm:whitespace-nowrap">{email.slice(0, at)}</span>
      <wbr />
      <span className="sm:whitespace-nowrap">{email.slice(at)}</span>
    </>
  );
}
