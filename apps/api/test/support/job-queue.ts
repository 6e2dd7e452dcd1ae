type ExecuteSql = (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;

/**
 * How many jobs of `name` are not finished yet (waiting, to be retried, or running) in the job
 * queue of the database `executeSql` reaches: pg-boss's tables, in the schema the store gives
 * them (src/jobs/pg-boss-queue.ts). None left means nothing more comes of the jobs sent so far,
 * which is how a test shows that 'nothing more arrives' without waiting a while.
 */
export async function unfinishedJobs(executeSql: ExecuteSql, name = 'order-event'): Promise<number> {
  const { rows } = await executeSql(
    "select case when current_schema() = 'public' then 'pgboss' else 'pgboss_' || current_schema() end as schema",
  );
  const [{ schema }] = rows as [{ schema: string }];
  const { rows: counted } = await executeSql(
    `select count(*)::int as n from ${schema}.job where name = $1 and state in ('created', 'retry', 'active')`,
    [name],
  );
  return (counted as [{ n: number }])[0].n;
}
