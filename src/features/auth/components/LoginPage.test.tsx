// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { SignInStep } from '@/lib/auth/steps';
import { renderWithProviders } from '@/test/render';
import type { SignInServices } from '../model/flow';
import { LoginPage } from './LoginPage';

function services(overrides: Partial<SignInServices> = {}): SignInServices {
  return {
    signIn: vi.fn(() => Promise.resolve<SignInStep>({ name: 'DONE' })),
    answerChallenge: vi.fn(() => Promise.resolve<SignInStep>({ name: 'DONE' })),
    confirmAccount: vi.fn(() => Promise.resolve()),
    resendAccountCode: vi.fn(() => Promise.resolve(null)),
    sendPasswordResetCode: vi.fn(() => Promise.resolve(null)),
    setNewPasswordWithCode: vi.fn(() => Promise.resolve()),
    fetchContactStatus: vi.fn(() =>
      Promise.resolve({ email: 'a@thrive.test', emailVerified: true, phone: null, phoneVerified: false }),
    ),
    sendContactCode: vi.fn(() => Promise.resolve(null)),
    confirmContact: vi.fn(() => Promise.resolve()),
    completeSignIn: vi.fn(() => Promise.resolve()),
    ...overrides,
  };
}

function named(name: string, message: string): Error {
  const error = new Error(message);
  error.name = name;
  return error;
}

const emailInput = () => screen.getByLabelText(/^Email/);
const passwordInput = () => screen.getByLabelText(/^Password/);

describe('LoginPage', () => {
  it('shows the tagline, labelled fields, and no sign-up or self-service reset', async () => {
    await renderWithProviders(<LoginPage services={services()} />, { path: '/login' });
    expect(await screen.findByText('Please Sign In to Experience the Future of Healthcare')).toBeTruthy();
    expect(emailInput()).toBeTruthy();
    expect(passwordInput()).toBeTruthy();
    // The only links reach the clinic, by phone and e-mail.
    expect(screen.queryAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([
      'tel:+918041234567',
      'mailto:bengaluru@thrive.test',
    ]);
    expect(screen.queryByText(/sign up|create account|reset your password/i)).toBeNull();
    expect(emailInput().matches(':focus')).toBe(true);
  });

  it('tells a person who forgot their password to contact the clinic, and how', async () => {
    await renderWithProviders(<LoginPage services={services()} />, { path: '/login' });
    const help = await screen.findByText('Forgot your password?');
    expect(help.parentElement?.textContent).toBe(
      'Forgot your password? Contact the clinic: they check it is you and help you sign in again.',
    );
    expect(screen.getByRole('link', { name: 'Call +91 80 4123 4567' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'E-mail bengaluru@thrive.test' })).toBeTruthy();
  });

  it('requires both fields, with an error under each', async () => {
    const s = services();
    await renderWithProviders(<LoginPage services={s} />, { path: '/login' });
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(screen.getByText('Email is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(emailInput().getAttribute('aria-invalid')).toBe('true');
    expect(s.signIn).not.toHaveBeenCalled();
  });

  it('lowercases and trims the e-mail as typed and sends the password untrimmed', async () => {
    const s = services();
    await renderWithProviders(<LoginPage services={s} />, { path: '/login' });
    await userEvent.type(await screen.findByLabelText(/^Email/), ' Client@Thrive.TEST ');
    expect((emailInput() as HTMLInputElement).value).toBe('client@thrive.test');
    await userEvent.type(passwordInput(), ' Thrive!2026 ');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(s.signIn).toHaveBeenCalledWith('client@thrive.test', ' Thrive!2026 '));
    await waitFor(() => expect(s.completeSignIn).toHaveBeenCalled());
  });

  it('disables submit while the request is pending', async () => {
    let finish: (step: SignInStep) => void = () => undefined;
    const s = services({ signIn: () => new Promise<SignInStep>((resolve) => (finish = resolve)) });
    await renderWithProviders(<LoginPage services={s} />, { path: '/login' });
    await userEvent.type(await screen.findByLabelText(/^Email/), 'client@thrive.test');
    await userEvent.type(passwordInput(), 'Thrive!2026');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Sign in' }).hasAttribute('disabled')).toBe(true));
    finish({ name: 'DONE' });
    await waitFor(() => expect(s.completeSignIn).toHaveBeenCalled());
  });

  it('shows a sign-in failure in a dismissible alert', async () => {
    const s = services({
      signIn: () => Promise.reject(named('UserNotFoundException', 'User does not exist.')),
    });
    await renderWithProviders(<LoginPage services={s} />, { path: '/login' });
    await userEvent.type(await screen.findByLabelText(/^Email/), 'ghost@thrive.test');
    await userEvent.type(passwordInput(), 'Thrive!2026');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('User not found. Please check your email address or contact support.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });

  describe('new password step', () => {
    async function atNewPassword(s: SignInServices) {
      await renderWithProviders(<LoginPage services={s} />, { path: '/login' });
      await userEvent.type(await screen.findByLabelText(/^Email/), 'newpass@thrive.test');
      await userEvent.type(passwordInput(), 'Temp!2026');
      await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
      await screen.findByRole('heading', { name: 'Set a new password' });
    }
    const newPassword = () => screen.getByLabelText(/^New password/);
    const confirm = () => screen.getByLabelText(/^Confirm new password/);

    it('shows the policy messages after the field was touched, and the match rule at 6 characters', async () => {
      const s = services({
        signIn: () => Promise.resolve<SignInStep>({ name: 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED' }),
      });
      await atNewPassword(s);
      expect(newPassword().matches(':focus')).toBe(true);
      await userEvent.type(newPassword(), 'abcdef');
      expect(screen.queryByText('Password must have upper case letters')).toBeNull();
      await userEvent.type(confirm(), 'abcde');
      // Blurring the new password marked it touched.
      expect(screen.getByText('Password must have at least 8 characters')).toBeTruthy();
      expect(screen.getByText('Password must have upper case letters')).toBeTruthy();
      expect(screen.getByText('Password must have numbers')).toBeTruthy();
      expect(screen.getByText('Password must have special characters')).toBeTruthy();
      expect(screen.queryByText('Password must have lower case letters')).toBeNull();
      // Five characters in the confirmation, and it is not touched yet: no mismatch message.
      expect(screen.queryByText('Your passwords must match')).toBeNull();
      await userEvent.type(confirm(), 'g');
      expect(screen.getByText('Your passwords must match')).toBeTruthy();
      expect(s.answerChallenge).not.toHaveBeenCalled();
    });

    it('shows the mismatch when the fields are filled at once (pasted, or filled by a password manager)', async () => {
      const s = services({
        signIn: () => Promise.resolve<SignInStep>({ name: 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED' }),
      });
      await atNewPassword(s);
      await userEvent.click(newPassword());
      await userEvent.paste('abcdef');
      await userEvent.click(confirm());
      await userEvent.paste('abcdeg');
      expect(await screen.findByText('Your passwords must match')).toBeTruthy();
      await userEvent.clear(confirm());
      await userEvent.paste('abcdef');
      await waitFor(() => expect(screen.queryByText('Your passwords must match')).toBeNull());
    });

    it('checks on submit and sends a valid new password', async () => {
      const s = services({
        signIn: () => Promise.resolve<SignInStep>({ name: 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED' }),
      });
      await atNewPassword(s);
      await userEvent.type(newPassword(), 'Fresh!2026');
      await userEvent.type(confirm(), 'Fresh!');
      await userEvent.click(screen.getByRole('button', { name: 'Set password and sign in' }));
      expect(screen.getByText('Your passwords must match')).toBeTruthy();
      expect(s.answerChallenge).not.toHaveBeenCalled();
      await userEvent.type(confirm(), '2026');
      await userEvent.click(screen.getByRole('button', { name: 'Set password and sign in' }));
      await waitFor(() => expect(s.answerChallenge).toHaveBeenCalledWith('newpass@thrive.test', 'Fresh!2026'));
    });
  });

  it('requires a code on the authenticator step', async () => {
    const s = services({ signIn: () => Promise.resolve<SignInStep>({ name: 'CONFIRM_SIGN_IN_WITH_TOTP_CODE' }) });
    await renderWithProviders(<LoginPage services={s} />, { path: '/login' });
    await userEvent.type(await screen.findByLabelText(/^Email/), 'totp@thrive.test');
    await userEvent.type(passwordInput(), 'Thrive!2026');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByRole('heading', { name: 'Enter your authenticator code' });
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(screen.getByText('Please enter the code')).toBeTruthy();
    expect(s.answerChallenge).not.toHaveBeenCalled();
    await userEvent.type(screen.getByLabelText(/^Code/), '123 456');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(s.answerChallenge).toHaveBeenCalledWith('totp@thrive.test', '123456'));
  });

  it('on a required reset, asks for the code and checks the new password before sending', async () => {
    const s = services({ signIn: () => Promise.resolve<SignInStep>({ name: 'RESET_PASSWORD' }) });
    await renderWithProviders(<LoginPage services={s} />, { path: '/login' });
    await userEvent.type(await screen.findByLabelText(/^Email/), 'reset@thrive.test');
    await userEvent.type(passwordInput(), 'Old!2025');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Send code' }));

    const submit = await screen.findByRole('button', { name: 'Reset password and sign in' });
    expect(screen.getByLabelText(/^Code/).matches(':focus')).toBe(true);
    await userEvent.type(screen.getByLabelText(/^New password/), 'Fresh!2026');
    await userEvent.click(submit);
    // Every check at once: the code, and the mismatch now that both fields count as touched.
    expect(screen.getByText('Please enter the code')).toBeTruthy();
    expect(screen.getByText('Your passwords must match')).toBeTruthy();
    expect(s.setNewPasswordWithCode).not.toHaveBeenCalled();

    await userEvent.type(screen.getByLabelText(/^Code/), ' 123 456');
    await userEvent.type(screen.getByLabelText(/^Confirm new password/), 'Fresh!2026');
    await userEvent.click(submit);
    await waitFor(() =>
      expect(s.setNewPasswordWithCode).toHaveBeenCalledWith('reset@thrive.test', '123456', 'Fresh!2026'),
    );
  });

  it('after sign-in, offers the contacts to verify, and sends a code to the one chosen', async () => {
    const s = services({
      fetchContactStatus: () =>
        Promise.resolve({ email: 'a@thrive.test', emailVerified: false, phone: '+15555550101', phoneVerified: false }),
    });
    await renderWithProviders(<LoginPage services={s} />, { path: '/login' });
    await userEvent.type(await screen.findByLabelText(/^Email/), 'a@thrive.test');
    await userEvent.type(passwordInput(), 'Thrive!2026');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    const email = await screen.findByRole('radio', { name: 'Email: a@thrive.test' });
    expect(email.getAttribute('aria-checked')).toBe('true');
    expect(email.matches(':focus')).toBe(true);
    const phone = screen.getByRole('radio', { name: 'Phone: +15555550101' });
    await userEvent.click(phone);
    expect(phone.getAttribute('aria-checked')).toBe('true');
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await waitFor(() => expect(s.sendContactCode).toHaveBeenCalledWith('phone_number'));
    expect(await screen.findByRole('heading', { name: 'Verify your phone number' })).toBeTruthy();
  });
});
