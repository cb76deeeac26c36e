export function passwordResetMail({ link }: { link: string }) {
  return {
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
<p><a href="${link}">Choose a new password</a> (the link works once, for 1 hour).</p>
<p>If it wasn't you, ignore this e-mail: your password stays as it is.</p>`,
  };
}
