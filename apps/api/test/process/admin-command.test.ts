import { accountMessages } from '@store/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanUp, newDataDir, runScript } from './store-process.js';

/**
 * Issue 20: `npm run admin -- promote` made an unverified account a full admin. The role is still
 * granted (it is how the first admin is named), but the command says that its powers wait for
 * the e-mail's verification (DESIGN §7.2), as the Users page does.
 */
const dataDir = newDataDir();
afterAll(cleanUp, 60_000);

const adminCommand = (...args: string[]) => runScript('src/cli/admin.ts', args, { DATA_DIR: dataDir });

describe('npm run admin -- promote', () => {
  it('grants the role and says admin powers wait for e-mail verification', async () => {
    const first = adminCommand('promote', 'Waiting.Owner@Example.com');
    expect(await first.exited, first.output()).toBe(0);
    expect(first.output()).toContain('waiting.owner@example.com will be an admin when they first sign in.');
    expect(first.output()).toContain(accountMessages.adminPowersWait('waiting.owner@example.com'));
    expect(accountMessages.adminPowersWait('x@example.com')).toContain(
      accountMessages.adminWaitingForVerification,
    );

    // Asked again before they verified: still the admin role, still waiting.
    const again = adminCommand('promote', 'waiting.owner@example.com');
    expect(await again.exited, again.output()).toBe(0);
    expect(again.output()).toContain('waiting.owner@example.com is already an admin.');
    expect(again.output()).toContain(accountMessages.adminPowersWait('waiting.owner@example.com'));
  }, 120_000);
});
