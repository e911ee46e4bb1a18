import { useState, type ChangeEvent } from 'react';
import { hasNewPasswordErrors, newPasswordErrors, type PasswordPair, type TouchedPair } from '../model/password';

/** Several policy messages under one field, one per line. */
function errorLines(messages: string[]) {
  if (messages.length === 0) return undefined;
  return messages.map((message) => (
    <span key={message} style={{ display: 'block' }}>
      {message}
    </span>
  ));
}

/**
 * A new password and its confirmation, validated on change, on blur and on
 * submit (spec section 5): errors are derived from the values on every
 * render, blur marks a field touched, submit marks both.
 */
export function useNewPasswordFields() {
  const [values, setValues] = useState<PasswordPair>({ password: '', confirm: '' });
  const [touched, setTouched] = useState<TouchedPair>({ password: false, confirm: false });
  const errors = newPasswordErrors(values, touched);

  const field = (name: keyof PasswordPair) => ({
    value: values[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const value = event.currentTarget.value;
      setValues((current) => ({ ...current, [name]: value }));
    },
    onBlur: () => setTouched((current) => ({ ...current, [name]: true })),
  });

  return {
    values,
    passwordProps: { ...field('password'), error: errorLines(errors.password) },
    confirmProps: { ...field('confirm'), error: errors.confirm ?? undefined },
    /** Marks both fields touched; true when the pair may be sent. */
    validateForSubmit(): boolean {
      const all = { password: true, confirm: true };
      setTouched(all);
      return !hasNewPasswordErrors(newPasswordErrors(values, all));
    },
  };
}
