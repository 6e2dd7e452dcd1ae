import { z } from 'zod';
import { validationMessages as m } from '../messages/validation.js';

/**
 * The earliest instant a date range may name: 2000-01-01's first midnight anywhere (UTC+14), so a
 * day of 2000 written in any time zone (a browser's midnight sent in UTC) is in. Earlier years are
 * refused: `0000-01-01` is no date PostgreSQL's timestamps hold, and fails the whole query.
 */
export const EARLIEST_RANGE_INSTANT = new Date(Date.UTC(2000, 0, 1) - 14 * 3_600_000);

/**
 * The latest instant a range reads: the format's four-digit year stops at 9999, but an offset or
 * a `to` day's end can pass into 10000, which PostgreSQL refuses. Nothing is later than this, so
 * a range reaching past it reads the same as one ending here.
 */
export const LATEST_RANGE_INSTANT = new Date(Date.UTC(10_000, 0, 1) - 1);

/** A real calendar day (`2026-02-30` is none), or one with a time and its offset. */
const isDayOrInstant = (text: string) =>
  z.iso.date().safeParse(text).success || z.iso.datetime({ offset: true }).safeParse(text).success;

/**
 * One end of a date range in a query: a day (`2026-11-26`, a UTC day) or an instant with its
 * offset (`2026-11-26T00:00:00+01:00`). `to` is exclusive, so a day given as `to` counts up to
 * its end.
 */
export const rangeEdgeSchema = (edge: 'from' | 'to') =>
  z
    .string()
    .trim()
    .max(40, m.dateInvalid)
    .refine(isDayOrInstant, { message: m.dateInvalid, abort: true })
    .refine((text) => new Date(text) >= EARLIEST_RANGE_INSTANT, m.dateOutOfRange)
    .transform((text) => {
      const at = new Date(text).getTime();
      const end = edge === 'to' && !text.includes('T') ? at + 86_400_000 : at;
      return new Date(Math.min(end, LATEST_RANGE_INSTANT.getTime()));
    });

type Range = { from?: Date | undefined; to?: Date | undefined };

/** A range ends after it starts (the refusal names `to`). */
export const orderedRange = <T extends z.ZodType<Range>>(schema: T) =>
  schema.refine((range) => !(range.from && range.to && range.from >= range.to), {
    message: m.dateRangeReversed,
    path: ['to'],
  });
