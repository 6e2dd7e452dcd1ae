import { storeSettings } from '../../../lib/store-settings';

/**
 * A calendar day of the store (`YYYY-MM-DD`) as the store's locale writes it: '26 Nov', or
 * 'Thu 26 Nov' in the table (en-GB). Read as UTC midnight and formatted in UTC, so the reader's
 * own time zone never moves it to the day before. Made on first use, with the store's settings.
 */
let formats: { short: Intl.DateTimeFormat; long: Intl.DateTimeFormat } | undefined;
function formatsOf() {
  const { locale } = storeSettings();
  formats ??= {
    short: new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', timeZone: 'UTC' }),
    long: new Intl.DateTimeFormat(locale, {
      weekday: 'short',
      month: 'short',
      day: 'numeric',
      timeZone: 'UTC',
    }),
  };
  return formats;
}

export const shortDay = (date: string) => formatsOf().short.format(Date.parse(`${date}T00:00:00Z`));
export const longDay = (date: string) => formatsOf().long.format(Date.parse(`${date}T00:00:00Z`));
