import { describe, expect, it } from 'vitest';
import {
  displayNameSchema,
  emailSchema,
  validationMessages as m,
  profileUpdateSchema,
  providerDisplayName,
} from '../src/index.js';

/**
 * A name the identity provider hands us follows My Profile's rules, and
 * an e-mail address is one mailbox, never a list or a header a mailer would read otherwise.
 */
describe('e-mail addresses', () => {
  it.each([
    'ops,attacker@x.test',
    'ops;attacker@x.test',
    '<root>x@x.test',
    'x@x.test>',
    'ops:attacker@x.test',
    'a(root)@x.test',
    '"a"@x.test',
    'a\\b@x.test',
    'a[b]@x.test',
    'evil\u202Emoc.x@x.test',
  ])('refuses %j', (email) => {
    const result = emailSchema.safeParse(email);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(m.emailInvalid);
  });

  it.each(['ada@example.com', "o'brien+parts@mail.example.co.uk", 'a.b-c_d@x.test'])(
    'accepts %j',
    (email) => {
      expect(emailSchema.parse(email)).toBe(email.toLowerCase());
    },
  );
});

describe('display names', () => {
  it.each(['Eve\u202Etxt.exe', 'A\u2066B', 'Line\nbreak', 'Nul\u0000'])('My Profile refuses %j', (name) => {
    expect(profileUpdateSchema.safeParse({ name }).error?.issues[0]?.message).toBe(m.nameInvalid);
  });

  const email = 'eve.smith@example.com';
  it.each([
    ['Eve\r\nBcc: victim@evil.test', 'Eve Bcc: victim@evil.test'],
    ['\u001b[31mRed\u001b[0m Rita', 'Red Rita'],
    ['x'.repeat(5000), 'x'.repeat(120)],
    ['Nul\u0000Name', 'Nul Name'],
    ['Eve\u202Etxt.exe', 'Evetxt.exe'],
    ['  Ada\t Lovelace  ', 'Ada Lovelace'],
    ['\r\n\u0000\u202E\u001b', 'eve.smith'],
    ['', 'eve.smith'],
    [undefined, 'eve.smith'],
    [`${'y'.repeat(118)}😀😀`, `${'y'.repeat(118)}😀`],
    [`${'y'.repeat(119)}😀`, 'y'.repeat(119)],
  ])("cleans the provider's %j to %j", (raw, clean) => {
    const name = providerDisplayName(raw, email);
    expect(name).toBe(clean);
    // Whatever the provider sent, the result passes the rules My Profile applies.
    expect(displayNameSchema.parse(name)).toBe(name);
  });

  it('cuts at 120 code units (what the schema counts) without splitting a character', () => {
    const name = providerDisplayName('😀'.repeat(200), email);
    expect(name).toBe('😀'.repeat(60));
    expect(displayNameSchema.safeParse(name).success).toBe(true);
  });
});
