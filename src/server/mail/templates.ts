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
