import { LEDGER_DESCRIPTION_LENGTH } from './constants';

/** The part of an e-mail address before the @ ('' when there is none). */
export function emailPrefix(email: string | null | undefined): string {
  const value = (email ?? '').trim();
  const at = value.indexOf('@');
  return at === -1 ? value : value.slice(0, at);
}

/**
 * The one name a member is shown by, to themselves (header, dashboard, Settings) and with their
 * public pictures: the display name they chose (the profile's `fullName`), else their neutral
 * starting username. Never anything from the e-mail address (issue 37).
 */
export function displayName(user: { fullName?: string | null; username?: string | null }): string {
  return user.fullName?.trim() || user.username?.trim() || 'Member';
}

/**
 * 1–2 upper-case letters for the avatar. Several words (split on spaces, dots, dashes,
 * underscores, plus signs…): first letter of the first and last word ('jane.doe@x' → 'JD').
 * One word: its first two letters ('bob' → 'BO'), like the generated initials avatars the
 * spec mimics, so a short single name still fills the circle. Nothing usable → 'U' (User).
 */
export function avatarInitials(nameOrEmail: string | null | undefined): string {
  const source = (nameOrEmail ?? '').includes('@') ? emailPrefix(nameOrEmail) : (nameOrEmail ?? '');
  const words = source.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  if (words.length === 0) return 'U';
  const first = Array.from(words[0]);
  const initials =
    words.length === 1 ? first.slice(0, 2).join('') : `${first[0]}${Array.from(words[words.length - 1])[0]}`;
  return initials.toUpperCase();
}

/** Cut to `max` characters and add '...' when longer (counts code points, so emoji stay whole). */
export function truncate(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length > max ? `${chars.slice(0, max).join('')}...` : text;
}

/** Credit ledger description: the (normalised) prompt cut to 50 characters (SPEC §9), no ellipsis. */
export function ledgerDescription(prompt: string): string {
  return Array.from(prompt).slice(0, LEDGER_DESCRIPTION_LENGTH).join('');
}

/**
 * The author a stranger sees on Explore and share pages: the display name the member chose (the
 * same one their own header shows), else a username they chose, else 'Anonymous'. Nothing is ever
 * derived from the e-mail (docs/decisions/008). The starting username given at sign-up was not
 * chosen by the member, so it is not shown to others until they choose a name.
 */
export function publicAuthorName(author: {
  username?: string | null;
  usernameChosen: boolean;
  fullName?: string | null;
}): string {
  const username = author.usernameChosen ? author.username?.trim() : '';
  return author.fullName?.trim() || username || 'Anonymous';
}
