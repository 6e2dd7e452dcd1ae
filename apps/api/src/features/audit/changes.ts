import type { AuditTargetType } from '@store/shared';

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
 * The fields of an audited thing that never reach the log, by the thing's type and the field's
 * name at the top of its entry: a credential the action carries (the image host's upload key, a
 * sign-in's ID token and the API token it buys) and an image's bytes. Nothing else is dropped:
 * the rest is the admins' own data, kept whole at any depth whatever its names (a category's
 * attribute `key`, a part's attributes `cacheBytes` or `tokenRing`).
 * A user's `tokenVersion` is no secret (every API token carries it, readable) and is kept.
 */
const SECRET_FIELDS: Record<AuditTargetType, ReadonlySet<string>> = {
  part: new Set(),
  image: new Set(['key', 'bytes']),
  order: new Set(),
  review: new Set(),
  user: new Set(['idToken', 'token']),
  category: new Set(),
};

/**
 * The fields of a `type` without its secret fields, as JSON keeps them: binary values (a Buffer)
 * are dropped at any depth and dates written as ISO 8601.
 */
export function withoutSecrets(
  type: AuditTargetType,
  fields: AuditFields | null | undefined,
): AuditFields | null {
  if (!fields) return null;
  const secret = SECRET_FIELDS[type];
  return Object.fromEntries(
    Object.entries(fields).flatMap(([key, value]) => {
      if (secret.has(key)) return [];
      const kept = asJson(value);
      return kept === undefined ? [] : [[key, kept]];
    }),
  );
}

function asJson(value: unknown): unknown {
  if (value instanceof Uint8Array) return undefined;
  if (Array.isArray(value)) return value.map(asJson);
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.entries(value).flatMap(([key, inner]) => {
        const kept = asJson(inner);
        return kept === undefined ? [] : [[key, kept]];
      }),
    );
  }
  return value;
}
