import { TextInput, type TextInputProps } from '@mantine/core';
import type { ChangeEvent, Ref } from 'react';
import { normaliseEmail } from '@/lib/auth/email';

export interface EmailInputProps extends Omit<TextInputProps, 'type' | 'inputMode' | 'onChange'> {
  /** Receives the address as the field now holds it. */
  onChange?: (value: string) => void;
  /**
   * Keep the address exactly as typed (a contact address). By default it is
   * an account's e-mail, lowercased and trimmed as it is typed (spec section 5).
   */
  asTyped?: boolean;
  ref?: Ref<HTMLInputElement>;
}

/**
 * An e-mail address field: the e-mail keyboard on phones, and no automatic
 * capitals or spelling marks. Used with `form.getInputProps(...)`.
 */
export function EmailInput({ onChange, asTyped = false, ...props }: EmailInputProps) {
  return (
    <TextInput
      type="email"
      inputMode="email"
      autoCapitalize="none"
      spellCheck={false}
      {...props}
      onChange={(event: ChangeEvent<HTMLInputElement>) => {
        const value = event.currentTarget.value;
        onChange?.(asTyped ? value : normaliseEmail(value));
      }}
    />
  );
}
