import { describe, expect, it } from 'vitest';
import { signUpErrors } from './sign-up-form';

const filled = { email: 'ada@example.com', password: 'correct horse', confirm: 'correct horse', terms: true };

describe('signUpErrors', () => {
  it('an empty form: each field says what it needs, no two alike', () => {
    const errors = signUpErrors({ email: '', password: '', confirm: '', terms: false });
    expect(errors).toEqual({
      email: 'Enter your e-mail address',
      password: 'Choose a password of at least 8 characters',
      confirm: 'Type the same password again to confirm it',
      terms: 'Accept the terms to continue',
    });
  });

  it('a filled, valid form has no messages', () => {
    expect(signUpErrors(filled)).toEqual({});
  });

  it('names the one field that is wrong and leaves the others alone', () => {
    expect(signUpErrors({ ...filled, email: 'ada@' })).toEqual({
      email: 'Please enter a valid email address',
    });
    expect(signUpErrors({ ...filled, password: 'short', confirm: 'short' })).toEqual({
      password: 'Password must be at least 8 characters',
    });
    expect(signUpErrors({ ...filled, confirm: 'correct horsE' })).toEqual({
      confirm: 'Passwords do not match',
    });
    expect(signUpErrors({ ...filled, terms: false })).toEqual({ terms: 'Accept the terms to continue' });
  });

  it('a blank-looking e-mail counts as empty', () => {
    expect(signUpErrors({ ...filled, email: '   ' }).email).toBe('Enter your e-mail address');
  });
});
