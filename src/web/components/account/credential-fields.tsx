// The email and password fields of the account forms (sign-in, sign-up, password reset, contact),
// with the attributes browsers and password managers read to fill them in.
import { InputField, type InputFieldProps } from '../ui/form-field';

type Props = Omit<InputFieldProps, 'type' | 'autoComplete'>;

export function EmailField({
  label = 'Email address',
  ...props
}: Omit<Props, 'label'> & Partial<Pick<Props, 'label'>>) {
  return <InputField label={label} type="email" name="email" autoComplete="email" {...props} />;
}

/** `isNew` for a password being chosen (sign-up, reset): managers offer to make one and save it. */
export function PasswordField({ isNew = false, ...props }: Props & { isNew?: boolean }) {
  return <InputField type="password" autoComplete={isNew ? 'new-password' : 'current-password'} {...props} />;
}
