/**
 * What a signed-in person has typed into a form and not yet sent, kept for this tab
 * (sessionStorage) so that leaving the page and coming back finds it again. Keyed by the
 * account, so another person signing in on this tab never sees it; all of it is forgotten when
 * the session ends (session.ts), and a form's own once it is sent.
 */
const PREFIX = 'draft:';

const keyOf = (form: string, email: string) => `${PREFIX}${form}:${email.toLowerCase()}`;

export function readDraft(form: string, email: string): Record<string, string> {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(keyOf(form, email)) ?? '{}');
    if (typeof parsed !== 'object' || parsed === null) return {};
    return Object.fromEntries(
      Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    );
  } catch {
    return {}; // storage off, or not ours: a fresh form
  }
}

/** Keeps `value` as the draft's `field`; an empty value takes the field out of it. */
export function keepInDraft(form: string, email: string, field: string, value: string): void {
  const fields = readDraft(form, email);
  if (value) fields[field] = value;
  else delete fields[field];
  try {
    if (Object.keys(fields).length === 0) sessionStorage.removeItem(keyOf(form, email));
    else sessionStorage.setItem(keyOf(form, email), JSON.stringify(fields));
  } catch {} // storage off or full: the form works, it is only not kept
}

export function forgetDraft(form: string, email: string): void {
  try {
    sessionStorage.removeItem(keyOf(form, email));
  } catch {}
}

/** Every draft of this tab, whoever's: the session ended. */
export function forgetAllDrafts(): void {
  try {
    for (let i = sessionStorage.length - 1; i >= 0; i -= 1) {
      const key = sessionStorage.key(i);
      if (key?.startsWith(PREFIX)) sessionStorage.removeItem(key);
    }
  } catch {}
}
