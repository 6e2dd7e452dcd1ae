/**
 * The rows of a raw statement (`db.execute`): node-postgres and PGlite both answer with them under
 * `rows`, as plain objects keyed by column name. Checked, not cast: a driver that answered
 * otherwise fails here, by name, rather than somewhere downstream.
 */
export function rowsOf(result: unknown): Record<string, unknown>[] {
  const rows = typeof result === 'object' && result !== null && 'rows' in result ? result.rows : undefined;
  if (!Array.isArray(rows)) throw new Error('the database driver answered a statement without rows');
  return rows;
}
