import { describe, expect, it } from 'vitest';
import {
  checkoutRequestSchema,
  contactMessageSchema,
  deleteAccountSchema,
  emailSchema,
  galleryQuerySchema,
  generationRequestSchema,
  historyQuerySchema,
  imagePatchSchema,
  meSchema,
  passwordSchema,
  profileUpdateSchema,
  usernameSchema,
} from './api';

function firstMessage(result: { success: boolean; error?: { issues: { message: string }[] } }): string {
  return result.success ? '' : (result.error?.issues[0]?.message ?? '');
}

describe('generationRequestSchema', () => {
  it('trims the prompt and fills the default options', () => {
    expect(generationRequestSchema.parse({ prompt: '  a fox  ' })).toEqual({
      prompt: 'a fox',
      theme: 'default',
      quality: 'low',
      privacy: 'public',
      count: 1,
    });
  });

  it('keeps chosen options', () => {
    const parsed = generationRequestSchema.parse({
      prompt: 'a fox',
      theme: 'pixel',
      quality: 'high',
      privacy: 'private',
    });
    expect(parsed).toMatchObject({ theme: 'pixel', quality: 'high', privacy: 'private' });
  });

  it('asks for a description when blank or missing', () => {
    expect(firstMessage(generationRequestSchema.safeParse({ prompt: '   ' }))).toBe(
      'Please enter a description',
    );
    expect(firstMessage(generationRequestSchema.safeParse({}))).toBe('Please enter a description');
  });

  it('refuses descriptions over 1000 characters', () => {
    expect(generationRequestSchema.safeParse({ prompt: 'x'.repeat(1000) }).success).toBe(true);
    expect(firstMessage(generationRequestSchema.safeParse({ prompt: 'x'.repeat(1001) }))).toBe(
      'Your description is too long: keep it to 1000 characters or fewer',
    );
  });

  it('refuses unknown options', () => {
    expect(generationRequestSchema.safeParse({ prompt: 'a', theme: 'neon' }).success).toBe(false);
    expect(generationRequestSchema.safeParse({ prompt: 'a', quality: 'hd' }).success).toBe(false);
    expect(generationRequestSchema.safeParse({ prompt: 'a', privacy: 'secret' }).success).toBe(false);
  });
});

describe('account schemas', () => {
  it('normalises e-mail addresses', () => {
    expect(emailSchema.parse('  Jane.Doe@Example.COM ')).toBe('jane.doe@example.com');
    expect(firstMessage(emailSchema.safeParse('not-an-email'))).toBe('Please enter a valid email address');
    expect(emailSchema.safeParse('').success).toBe(false);
  });

  it('bounds passwords with clear messages', () => {
    expect(passwordSchema.parse('12345678')).toBe('12345678');
    expect(passwordSchema.parse(' spaced password ')).toBe(' spaced password ');
    expect(firstMessage(passwordSchema.safeParse('1234567'))).toBe('Password must be at least 8 characters');
    expect(passwordSchema.safeParse('x'.repeat(128)).success).toBe(true);
    expect(firstMessage(passwordSchema.safeParse('x'.repeat(129)))).toBe(
      'Password must be at most 128 characters',
    );
  });

  it('lower-cases usernames and limits their characters', () => {
    expect(usernameSchema.parse(' Jane_Doe99 ')).toBe('jane_doe99');
    const message = 'Username must be 3–30 characters: letters, numbers and underscores';
    for (const bad of ['ab', 'x'.repeat(31), 'jane doe', 'jane-doe', 'jané', 'jane.doe', '']) {
      expect(firstMessage(usernameSchema.safeParse(bad))).toBe(message);
    }
    expect(usernameSchema.safeParse('abc').success).toBe(true);
    expect(usernameSchema.safeParse('x'.repeat(30)).success).toBe(true);
  });

  it('requires a display name on profile updates', () => {
    expect(profileUpdateSchema.parse({ fullName: ' Jane ' })).toEqual({ fullName: 'Jane' });
    expect(profileUpdateSchema.parse({ fullName: 'Jane', username: 'JANE' })).toEqual({
      fullName: 'Jane',
      username: 'jane',
    });
    expect(firstMessage(profileUpdateSchema.safeParse({ fullName: '  ' }))).toBe('Display name is required');
    expect(firstMessage(profileUpdateSchema.safeParse({}))).toBe('Display name is required');
    expect(firstMessage(profileUpdateSchema.safeParse({ fullName: 'x'.repeat(101) }))).toBe(
      'Display name must be at most 100 characters',
    );
  });

  it('normalises the confirmation e-mail for account deletion', () => {
    expect(deleteAccountSchema.parse({ confirmEmail: ' Me@X.com' })).toEqual({ confirmEmail: 'me@x.com' });
    expect(deleteAccountSchema.safeParse({ confirmEmail: 'me' }).success).toBe(false);
  });
});

describe('contactMessageSchema', () => {
  const valid = { name: 'Jane', email: 'jane@x.com', message: 'Hello there, nice app!' };

  it('accepts a valid message', () => {
    expect(contactMessageSchema.parse(valid)).toEqual(valid);
  });

  it('explains what is wrong', () => {
    expect(firstMessage(contactMessageSchema.safeParse({ ...valid, name: ' ' }))).toBe(
      'Please enter your name',
    );
    expect(firstMessage(contactMessageSchema.safeParse({ ...valid, name: 'x'.repeat(101) }))).toBe(
      'Name must be at most 100 characters',
    );
    expect(firstMessage(contactMessageSchema.safeParse({ ...valid, message: 'short' }))).toBe(
      'Message must be at least 10 characters',
    );
    expect(firstMessage(contactMessageSchema.safeParse({ ...valid, message: 'x'.repeat(5001) }))).toBe(
      'Message must be at most 5000 characters',
    );
  });
});

describe('checkoutRequestSchema', () => {
  it('accepts known plans and packs with a same-site return path', () => {
    expect(checkoutRequestSchema.parse({ kind: 'plan', id: 'basic' })).toEqual({ kind: 'plan', id: 'basic' });
    expect(checkoutRequestSchema.parse({ kind: 'pack', id: 'creator', returnTo: '/create' })).toEqual({
      kind: 'pack',
      id: 'creator',
      returnTo: '/create',
    });
  });

  it('refuses unknown ids and ids of the other kind', () => {
    expect(firstMessage(checkoutRequestSchema.safeParse({ kind: 'plan', id: 'gold' }))).toBe('Unknown plan');
    expect(firstMessage(checkoutRequestSchema.safeParse({ kind: 'plan', id: 'starter' }))).toBe(
      'Unknown plan',
    );
    expect(firstMessage(checkoutRequestSchema.safeParse({ kind: 'pack', id: 'basic' }))).toBe(
      'Unknown credit pack',
    );
    expect(checkoutRequestSchema.safeParse({ kind: 'gift', id: 'basic' }).success).toBe(false);
  });

  it('refuses return paths that leave the site', () => {
    for (const returnTo of ['https://evil.com', '//evil.com', 'javascript:alert(1)', '/\\evil.com']) {
      expect(firstMessage(checkoutRequestSchema.safeParse({ kind: 'pack', id: 'pro', returnTo }))).toBe(
        'Return path must be a page on this site',
      );
    }
  });
});

describe('query schemas', () => {
  it('coerces and defaults the gallery query', () => {
    expect(galleryQuerySchema.parse({})).toEqual({ limit: 24, sort: 'newest' });
    expect(galleryQuerySchema.parse({ limit: '48', sort: 'oldest', q: ' fox ', cursor: 'abc' })).toEqual({
      limit: 48,
      sort: 'oldest',
      q: 'fox',
      cursor: 'abc',
    });
    expect(galleryQuerySchema.parse({ q: '  ' }).q).toBeUndefined();
    for (const limit of ['0', '49', '2.5', 'ten']) {
      expect(galleryQuerySchema.safeParse({ limit }).success).toBe(false);
    }
    expect(galleryQuerySchema.safeParse({ q: 'x'.repeat(201) }).success).toBe(false);
    expect(galleryQuerySchema.safeParse({ sort: 'popular' }).success).toBe(false);
  });

  it('coerces and defaults the history page', () => {
    expect(historyQuerySchema.parse({})).toEqual({ page: 1 });
    expect(historyQuerySchema.parse({ page: '3' })).toEqual({ page: 3 });
    for (const page of ['0', '-1', '1.5', 'x']) {
      expect(historyQuerySchema.safeParse({ page }).success).toBe(false);
    }
  });

  it('only patches privacy to a known value', () => {
    expect(imagePatchSchema.parse({ privacy: 'private' })).toEqual({ privacy: 'private' });
    expect(imagePatchSchema.safeParse({ privacy: 'hidden' }).success).toBe(false);
  });
});

describe('meSchema', () => {
  it('accepts an unlimited membership', () => {
    const me = {
      user: {
        id: 'u1',
        email: 'jane@x.com',
        name: 'Jane',
        fullName: 'Jane',
        username: 'jane',
        usernameChangedAt: null,
        avatarInitials: 'JA',
        signedInBefore: true,
      },
      membership: { tier: 'enterprise', status: 'active', imageCount: 7, imageLimit: null, periodEnd: null },
      credits: 0,
      // Enterprise through a team (decision 019).
      team: { id: 't1', name: "Ada's team", role: 'member' },
    };
    expect(meSchema.parse(me)).toEqual(me);
  });
});
