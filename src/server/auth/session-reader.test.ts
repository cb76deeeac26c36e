import { parseSigned, serializeSigned } from 'hono/utils/cookie';
import { describe, expect, it } from 'vitest';
import { verifiedToken } from './session-reader';

const SECRET = 'test-secret-test-secret-test-secret-0123';
const NAME = 'better-auth.session_token';

/** A session cookie as Better Auth sets it: token, dot, signature, URL-encoded. */
function signedCookie(token: string, secret = SECRET) {
  return serializeSigned(NAME, token, secret);
}

describe('verifiedToken', () => {
  it('reads the token of a cookie signed with our secret, among other cookies', async () => {
    const cookie = `theme=dark; ${await signedCookie('abc123TOKEN')}; other=1`;
    expect(verifiedToken(cookie, NAME, SECRET)).toBe('abc123TOKEN');
  });

  it('answers false for a cookie signed with another secret or a changed token', async () => {
    expect(verifiedToken(await signedCookie('abc', 'another-secret'), NAME, SECRET)).toBe(false);
    const forged = (await signedCookie('abc')).replace('abc.', 'abd.');
    expect(verifiedToken(forged, NAME, SECRET)).toBe(false);
  });

  it('answers undefined when there is no well-formed signed session cookie', () => {
    expect(verifiedToken('theme=dark', NAME, SECRET)).toBeUndefined();
    expect(verifiedToken(`${NAME}=no-signature`, NAME, SECRET)).toBeUndefined();
    expect(verifiedToken(`${NAME}=abc.short%3D`, NAME, SECRET)).toBeUndefined();
  });

  it('agrees with the Hono parser Better Auth signs for', async () => {
    const cookies = [
      await signedCookie('tok-1'),
      await signedCookie('tok-2', 'another-secret'),
      `${NAME}=plain`,
      `${NAME}=${encodeURIComponent(`x.${'A'.repeat(43)}=`)}`,
      'none=1',
    ];
    for (const cookie of cookies)
      expect(verifiedToken(cookie, NAME, SECRET)).toBe((await parseSigned(cookie, SECRET, NAME))[NAME]);
  });
});
