// The e-mails we send. Each names its kind: the log and the operator see the kind, never the text.
import type { MailMessage } from './mailer';

type Template = Omit<MailMessage, 'to'>;

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!,
  );

export function passwordResetMail({ link }: { link: string }): Template {
  const href = escapeHtml(link);
  return {
    kind: 'password-reset',
    subject: 'Reset your Clipsmith password',
    text: [
      'Someone asked to reset the password of your Clipsmith account.',
      '',
      `Choose a new password here (the link works once, for 1 hour):`,
      link,
      '',
      "If it wasn't you, ignore this e-mail: your password stays as it is.",
    ].join('\n'),
    html: `<p>Someone asked to reset the password of your Clipsmith account.</p>
<p><a href="${href}">Choose a new password</a> (the link works once, for 1 hour).</p>
<p>If it wasn't you, ignore this e-mail: your password stays as it is.</p>`,
  };
}

export function emailVerificationMail({ link, hours }: { link: string; hours: number }): Template {
  const href = escapeHtml(link);
  return {
    kind: 'email-verification',
    subject: 'Confirm your e-mail to finish signing up to Clipsmith',
    text: [
      'Welcome to Clipsmith! Confirm your e-mail address to finish creating your account:',
      link,
      '',
      `The link works for ${hours} hours and signs you in.`,
      "If you didn't sign up, ignore this e-mail: no account is created without this step.",
    ].join('\n'),
    html: `<p>Welcome to Clipsmith! Confirm your e-mail address to finish creating your account:</p>
<p><a href="${href}">Confirm my e-mail and sign in</a> (the link works for ${hours} hours).</p>
<p>If you didn't sign up, ignore this e-mail: no account is created without this step.</p>`,
  };
}

/** To the owner of an address someone tried to sign up with again. */
export function signUpAttemptMail({
  signInLink,
  resetLink,
}: {
  signInLink: string;
  resetLink: string;
}): Template {
  return {
    kind: 'sign-up-attempt',
    subject: 'Someone tried to sign up to Clipsmith with your e-mail',
    text: [
      'Someone (maybe you) tried to create a Clipsmith account with this e-mail address, but you already have one.',
      '',
      `Sign in: ${signInLink}`,
      `Forgot your password? Choose a new one: ${resetLink}`,
      '',
      "If it wasn't you, you can ignore this e-mail: nothing about your account has changed.",
    ].join('\n'),
    html: `<p>Someone (maybe you) tried to create a Clipsmith account with this e-mail address, but you already have one.</p>
<p><a href="${escapeHtml(signInLink)}">Sign in</a> · <a href="${escapeHtml(resetLink)}">Forgot your password? Choose a new one</a></p>
<p>If it wasn't you, you can ignore this e-mail: nothing about your account has changed.</p>`,
  };
}

/** A purchase as its receipt states it: nothing secret (no card, no customer id). */
export type ReceiptFacts = {
  /** 'Basic plan, first month', 'Basic plan, renewal', 'Creator Pack (14 credits)'. */
  what: string;
  amountCents: number;
  /** ISO 4217, lower or upper case. */
  currency: string;
  paidAt: Date;
  /** The checkout or invoice id: what to quote when asking about this payment. */
  reference: string;
  /** Where the account stands afterwards: 'Basic plan until 26 December 2026, renewed then'. */
  after: string;
  settingsLink: string;
  /** The local test checkout: no money moved. */
  test: boolean;
  /** Stripe e-mails its own receipt too (when the Stripe account is set to). */
  stripe: boolean;
};

export function formatAmount(amountCents: number, currency: string): string {
  const code = currency.toUpperCase();
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency: code }).format(amountCents / 100);
  } catch {
    return `${(amountCents / 100).toFixed(2)} ${code}`;
  }
}

export function formatReceiptDate(date: Date): string {
  return `${date.toLocaleString('en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' })} UTC`;
}

export function receiptMail(r: ReceiptFacts): Template {
  const amount = `${formatAmount(r.amountCents, r.currency)} ${r.currency.toUpperCase()}`;
  const testLine = 'Test mode: no real payment was taken and no card was charged.';
  const lines: Array<[string, string]> = [
    ['Bought', r.what],
    ['Amount', r.test ? `${amount} (test, not charged)` : amount],
    ['Date', formatReceiptDate(r.paidAt)],
    ['Reference', r.reference],
    ['Now', r.after],
  ];
  const stripeLine = 'The payment went through Stripe, which may e-mail you its own receipt as well.';
  return {
    kind: 'receipt',
    subject: `${r.test ? '[Test] ' : ''}Your Clipsmith receipt: ${r.what}`,
    text: [
      r.test ? `${testLine}\n` : 'Thank you for your purchase.\n',
      ...lines.map(([label, value]) => `${`${label}:`.padEnd(11)}${value}`),
      '',
      `Your plan, credits and payments: ${r.settingsLink}`,
      ...(r.stripe ? ['', stripeLine] : []),
    ].join('\n'),
    html: `<p>${r.test ? `<strong>${testLine}</strong>` : 'Thank you for your purchase.'}</p>
<table>${lines.map(([label, value]) => `<tr><th align="left">${label}</th><td>${escapeHtml(value)}</td></tr>`).join('')}</table>
<p><a href="${escapeHtml(r.settingsLink)}">Your plan, credits and payments</a></p>${r.stripe ? `\n<p>${stripeLine}</p>` : ''}`,
  };
}

/** An Enterprise team's invitation: the link joins the team, once, for this address only. */
export function teamInvitationMail({
  link,
  teamName,
  inviterName,
  days,
}: {
  link: string;
  teamName: string;
  inviterName: string;
  days: number;
}): Template {
  const href = escapeHtml(link);
  return {
    kind: 'team-invitation',
    subject: `${inviterName} invited you to ${teamName} on Clipsmith`,
    text: [
      `${inviterName} invited you to join ${teamName} on Clipsmith and create under its Enterprise plan.`,
      '',
      `Join the team here (sign in or sign up with this e-mail address; the link works once, for ${days} days):`,
      link,
      '',
      "If you don't know them, ignore this e-mail: nothing happens without the link.",
    ].join('\n'),
    html: `<p>${escapeHtml(inviterName)} invited you to join ${escapeHtml(teamName)} on Clipsmith and create under its Enterprise plan.</p>
<p><a href="${href}">Join the team</a> (sign in or sign up with this e-mail address; the link works once, for ${days} days).</p>
<p>If you don't know them, ignore this e-mail: nothing happens without the link.</p>`,
  };
}
