/**
 * How fast can one client guess a password through the store's forwarded sign-in calls, and
 * what do the answers tell it? Signs one account up through the store, then asks what a wrong
 * password, an unknown e-mail and password resets for both answer, then sends GUESSES wrong
 * passwords (CONCURRENCY at a time). Against a running store (the embedded default: `npm run dev`
 * or `npm start`):
 *
 *   STORE_URL=http://127.0.0.1:3000 npx tsx bench/sign-in-guessing.bench.ts
 */
import { randomBytes } from 'node:crypto';

const store = process.env.STORE_URL ?? 'http://127.0.0.1:3000';
const guesses = Number(process.env.GUESSES ?? 3000);
const concurrency = Number(process.env.CONCURRENCY ?? 16);
const toolkit = (call: string) => `${store}/identitytoolkit.googleapis.com/v1/accounts:${call}?key=bench`;

async function post(call: string, body: object) {
  const res = await fetch(toolkit(call), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  let code = '';
  try {
    const json = JSON.parse(text) as { error?: { message?: string } };
    code = json.error?.message ?? '';
  } catch {}
  return { status: res.status, code, text };
}

const email = `guess-${randomBytes(4).toString('hex')}@example.com`;
const signedUp = await post('signUp', { email, password: 'the-right-password', returnSecureToken: true });
if (signedUp.status !== 200) throw new Error(`sign-up failed: ${signedUp.status} ${signedUp.text}`);

// What the answers tell apart, asked first (afterwards the limit answers them all).
const unknown = `nobody-${randomBytes(4).toString('hex')}@example.com`;
const show = ({ status, text }: { status: number; text: string }) => `${status} ${text.replace(/\s+/g, ' ')}`;
const signIn = (who: string) => post('signInWithPassword', { email: who, password: 'x-123456' });
console.log('wrong password:  ', show(await signIn(email)));
console.log('unknown e-mail:  ', show(await signIn(unknown)));
console.log('reset, existing: ', show(await post('sendOobCode', { requestType: 'PASSWORD_RESET', email })));
console.log(
  'reset, unknown:  ',
  show(await post('sendOobCode', { requestType: 'PASSWORD_RESET', email: unknown })),
);

const statuses = new Map<string, number>();
let next = 0;
let first429: number | undefined;
const started = performance.now();
await Promise.all(
  Array.from({ length: concurrency }, async () => {
    while (next < guesses) {
      const n = next++;
      const { status, code } = await post('signInWithPassword', {
        email,
        password: `guess-${n}`,
        returnSecureToken: true,
      });
      if (status === 429 && first429 === undefined) first429 = n + 1;
      const key = `${status} ${code}`;
      statuses.set(key, (statuses.get(key) ?? 0) + 1);
    }
  }),
);
const seconds = (performance.now() - started) / 1000;

console.log(`${guesses} wrong passwords for one account, ${concurrency} at a time, from one address:`);
console.log(`  ${seconds.toFixed(1)} s, ${(guesses / seconds).toFixed(0)} guesses/s`);
console.log(`  first 429 at guess ${first429 ?? '(none)'}`);
for (const [answer, count] of statuses) console.log(`  ${count} × ${answer}`);
