/** An entry's `before` or `after`: the fields an action changed, as the API names them. */
export type AuditFields = Record<string, unknown>;

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The fields whose values differ between two snapshots of one thing, each side with only those
 * fields (an edit's entry says what changed, not the whole record). Undefined: nothing changed.
 * A field absent from `after` was not part of the edit and is left out.
 */
export function changedFields(
  before: AuditFields,
  after: AuditFields,
): { before: AuditFields; after: AuditFields } | undefined {
  const changed = Object.keys(after).filter(
    (key) => after[key] !== undefined && !same(before[key], after[key]),
  );
  if (changed.length === 0) return undefined;
  return {
    before: Object.fromEntries(changed.map((key) => [key, before[key] ?? null])),
    after: Object.fromEntries(changed.map((key) => [key, after[key]])),
  };
}

/**
 * Names that must never reach the log, whatever a caller passes: credentials and image bytes. An
 * entry says that a password was reset or an image uploaded, never the secret or the bytes.
 */
const SECRET_NAME = /password|secret|token|credential|bytes|key$/i;

/** The fields without secrets or binary values; nested objects are cleaned the same way. */
export function withoutSecrets(fields: AuditFields | null | undefined): AuditFields | null {
  if (!fields) return null;
  const clean = (value: unknown): unknown => {
    if (value instanceof Uint8Array) return undefined;
    if (Array.isArray(value)) return value.map(clean);
    if (value instanceof Date) return value.toISOString();
    if (typeof value === 'object' && value !== null) {
      return Object.fromEntries(
        Object.entries(value).flatMap(([key, inner]) => {
          if (SECRET_NAME.test(key)) return [];
          const kept = clean(inner);
          return kept === undefined ? [] : [[key, kept]];
        }),
      );
    }
    return value;
  };
  const cleaned = clean(fields);
  return isFields(cleaned) ? cleaned : null;
}

function isFields(value: unknown): value is AuditFields {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
