/**
 * What one account's writes and random query strings do to the rendered home page (decision
 * 024). Against a running store started with PUBLIC_URL (so rendered pages are kept):
 *
 *   PUBLIC_URL=http://127.0.0.1:4411 PORT=4411 DATA_DIR=$(mktemp -d) node apps/api/dist/server.js
 *   node --import tsx apps/api/bench/cache-flood.ts http://127.0.0.1:4411
 *
 * It prints requests/s for `/`, for `/?utm_source=<random per request>`, for `/` while one
 * account renames itself in a loop, and how many reviews one account gets in for 5 s.
 * Figures are ratios on one machine, never a test (docs/architecture.md, 'Measured, not timed').
 */
import { randomBytes } from 'node:crypto';
import { Agent, request } from 'node:http';
import autocannon from 'autocannon';

const base = process.argv[2] ?? 'http://127.0.0.1:4411';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 16;
const agent = new Agent({ keepAlive: true, maxSockets: 1 });

/** One request over a kept-alive socket: its status and JSON body. */
function call(method: string, path: string, headers: Record<string, string> = {}, body?: unknown) {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise<{ status: number; body: unknown }>((resolve, reject) => {
    const req = request(
      new URL(path, base),
      {
        method,
        agent,
        headers: { ...headers, ...(payload && { 'content-type': 'application/json' }) },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => {
          let parsed: unknown = text;
          try {
            parsed = JSON.parse(text);
          } catch {}
          resolve({ status: res.statusCode ?? 0, body: parsed });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** A customer signed up through the store's emulator proxy, with our API token. */
async function customer(): Promise<Record<string, string>> {
  const email = `flood-${randomBytes(4).toString('hex')}@example.com`;
  const signUp = await call(
    'POST',
    '/identitytoolkit.googleapis.com/v1/accounts:signUp?key=bench',
    {},
    {
      email,
      password: 'bench-password-1',
      returnSecureToken: true,
    },
  );
  const { idToken } = signUp.body as { idToken: string };
  const signIn = await call(
    'PUT',
    `/api/user/${email}`,
    { authorization: `Bearer ${idToken}` },
    {
      name: 'Flood',
    },
  );
  if (signIn.status !== 200) throw new Error(`sign-in: ${signIn.status} ${JSON.stringify(signIn.body)}`);
  return { authorization: `Bearer ${(signIn.body as { token: string }).token}` };
}

async function rate(title: string, path: () => string): Promise<number> {
  const result = await autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: SECONDS,
    requests: [{ setupRequest: (req) => ({ ...req, path: path() }) }],
  });
  const perSecond = Math.round(result.requests.average);
  console.log(`${title}: ${perSecond} requests/s (${result.non2xx} non-2xx)`);
  return perSecond;
}

/** Runs `write` back to back until `stop`, counting statuses. */
async function loop(write: () => Promise<{ status: number }>, stop: Promise<unknown>) {
  let done = false;
  void stop.then(() => (done = true));
  const statuses = new Map<number, number>();
  while (!done) {
    const { status } = await write();
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
  }
  return Object.fromEntries(statuses);
}

const main = async () => {
  await call('GET', '/'); // rendered once, then kept
  await rate('/', () => '/');
  await rate('/?utm_source=<random>', () => `/?utm_source=${randomBytes(6).toString('hex')}`);

  const renamer = await customer();
  let n = 0;
  const loadDone = rate('/ while one account renames itself in a loop', () => '/');
  const renames = await loop(
    () => call('PATCH', '/api/profile', renamer, { name: `Flood ${++n % 2}` }),
    loadDone,
  );
  await loadDone;
  console.log('  renames by status:', renames);

  const reviewer = await customer();
  const reviews = await loop(
    () => call('POST', '/api/review', reviewer, { message: 'Flood.', ratings: 5 }),
    new Promise((resolve) => setTimeout(resolve, 5_000)),
  );
  console.log('reviews by one account in 5 s, by status:', reviews);
  agent.destroy();
};

await main();
