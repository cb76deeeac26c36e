import { describe, expect, it } from 'vitest';
import {
  avatarInitials,
  displayName,
  emailPrefix,
  ledgerDescription,
  publicAuthorName,
  truncate,
} from './user';

describe('emailPrefix', () => {
  it('returns the part before the @', () => {
    expect(emailPrefix('jane.doe@example.com')).toBe('jane.doe');
    expect(emailPrefix('bob')).toBe('bob');
    expect(emailPrefix('')).toBe('');
    expect(emailPrefix(null)).toBe('');
  });
});

describe('displayName', () => {
  it('is the chosen display name, else the neutral username, never the e-mail', () => {
    expect(displayName({ fullName: '  Jane Doe ', username: 'brisk_otter_4821' })).toBe('Jane Doe');
    expect(displayName({ fullName: '   ', username: 'brisk_otter_4821' })).toBe('brisk_otter_4821');
    expect(displayName({ fullName: null, username: 'brisk_otter_4821' })).toBe('brisk_otter_4821');
    expect(displayName({ username: '' })).toBe('Member');
    expect(displayName({})).toBe('Member');
  });
});

describe('avatarInitials', () => {
  it.each([
    ['jane.doe@x.com', 'JD'],
    ['Jane Doe', 'JD'],
    ['Jane Mary Doe', 'JD'],
    ['john_smith-jr@x.com', 'JJ'],
    ['bob', 'BO'],
    ['bob@x.com', 'BO'],
    ['b', 'B'],
    ['élodie martin', 'ÉM'],
    ['', 'U'],
    ['...@x.com', 'U'],
    [null, 'U'],
  ])('%j → %s', (input, initials) => {
    expect(avatarInitials(input)).toBe(initials);
  });
});

describe('truncate', () => {
  it('cuts to n characters and adds ... only when longer', () => {
    expect(truncate('a short prompt', 30)).toBe('a short prompt');
    expect(truncate('x'.repeat(30), 30)).toBe('x'.repeat(30));
    expect(truncate('a cute cartoon fox wearing a tiny red scarf', 30)).toBe(
      'a cute cartoon fox wearing a t...',
    );
  });

  it('does not split emoji', () => {
    expect(truncate('🦊🦊🦊', 2)).toBe('🦊🦊...');
  });
});

describe('ledgerDescription', () => {
  it('is the prompt cut to 50 characters', () => {
    const prompt = 'A very long prompt about a fox that goes on and on and on about the forest';
    expect(ledgerDescription(prompt)).toBe(prompt.slice(0, 50));
    expect(ledgerDescription(prompt)).toHaveLength(50);
    // The prompt arrives normalised (core/prompt.ts normalisePrompt); nothing is trimmed again here.
    expect(ledgerDescription('short')).toBe('short');
  });
});

describe('publicAuthorName', () => {
  it('shows the chosen display name first (the one the member sees), then a chosen username, then Anonymous', () => {
    expect(publicAuthorName({ username: 'foxfan', usernameChosen: true, fullName: 'Jane Doe' })).toBe(
      'Jane Doe',
    );
    expect(publicAuthorName({ username: 'foxfan', usernameChosen: true, fullName: ' ' })).toBe('foxfan');
    expect(
      publicAuthorName({ username: 'brisk_otter_4821', usernameChosen: false, fullName: 'Jane Doe' }),
    ).toBe('Jane Doe');
    expect(publicAuthorName({ username: 'brisk_otter_4821', usernameChosen: false, fullName: '  ' })).toBe(
      'Anonymous',
    );
    expect(publicAuthorName({ username: null, usernameChosen: false, fullName: null })).toBe('Anonymous');
  });
});
