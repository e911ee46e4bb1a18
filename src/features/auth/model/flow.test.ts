import { describe, expect, it, vi } from 'vitest';
import type { ContactStatus, SignInStep } from '@/lib/auth/steps';
import { FLOW_MESSAGES, PENDING_SIGN_IN_MS, SignInFlow, type SignInServices } from './flow';

const EMAIL = 'newpass@thrive.test';
const VERIFIED: ContactStatus = { email: EMAIL, emailVerified: true, phone: null, phoneVerified: false };
const UNVERIFIED: ContactStatus = {
  email: 'unverified@thrive.test',
  emailVerified: false,
  phone: '+15555550114',
  phoneVerified: false,
};

function named(name: string, message: string): Error {
  const error = new Error(message);
  error.name = name;
  return error;
}

function services(overrides: Partial<SignInServices> = {}): SignInServices {
  return {
    signIn: vi.fn(() => Promise.resolve<SignInStep>({ name: 'DONE' })),
    answerChallenge: vi.fn(() => Promise.resolve<SignInStep>({ name: 'DONE' })),
    confirmAccount: vi.fn(() => Promise.resolve()),
    resendAccountCode: vi.fn(() => Promise.resolve('u***@thrive.test')),
    sendPasswordResetCode: vi.fn(() => Promise.resolve('r***@thrive.test')),
    setNewPasswordWithCode: vi.fn(() => Promise.resolve()),
    fetchContactStatus: vi.fn(() => Promise.resolve(VERIFIED)),
    sendContactCode: vi.fn(() => Promise.resolve('u***@thrive.test')),
    confirmContact: vi.fn(() => Promise.resolve()),
    completeSignIn: vi.fn(() => Promise.resolve()),
    ...overrides,
  };
}

function clock(start = 1_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe('SignInFlow', () => {
  it('completes straight away for a ready account with a verified e-mail', async () => {
    const s = services();
    const flow = new SignInFlow(s);
    await flow.submitCredentials('client@thrive.test', ' Thrive!2026 ');
    expect(s.signIn).toHaveBeenCalledWith('client@thrive.test', ' Thrive!2026 ');
    expect(flow.getSnapshot().step).toEqual({ name: 'done' });
    // The accepted password opens the person's data key on this device, and goes no further.
    expect(s.completeSignIn).toHaveBeenCalledWith(' Thrive!2026 ');
  });

  it('asks for a new password, then completes', async () => {
    const s = services({
      signIn: vi.fn(() => Promise.resolve<SignInStep>({ name: 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED' })),
    });
    const flow = new SignInFlow(s);
    await flow.submitCredentials(EMAIL, 'Temp!2026');
    expect(flow.getSnapshot().step).toEqual({ name: 'newPassword' });
    await flow.answerChallenge('Fresh!2026');
    expect(s.answerChallenge).toHaveBeenCalledWith(EMAIL, 'Fresh!2026');
    // The new password, not the temporary one, wraps the data key.
    expect(s.completeSignIn).toHaveBeenCalledWith('Fresh!2026');
  });

  it.each<[SignInStep, string]>([
    [{ name: 'CONFIRM_SIGN_IN_WITH_SMS_CODE', destination: '+*******0101' }, 'smsCode'],
    [{ name: 'CONFIRM_SIGN_IN_WITH_TOTP_CODE' }, 'totpCode'],
    [
      { name: 'CONTINUE_SIGN_IN_WITH_TOTP_SETUP', sharedSecret: 'JBSWY3DPEHPK3PXP', setupUri: 'otpauth://totp/x' },
      'totpSetup',
    ],
    [{ name: 'RESET_PASSWORD' }, 'resetPassword'],
    [{ name: 'CONFIRM_SIGN_UP' }, 'confirmAccount'],
  ])('moves to the screen for %j', async (next, screen) => {
    const flow = new SignInFlow(services({ signIn: () => Promise.resolve(next) }));
    await flow.submitCredentials(EMAIL, 'pw');
    expect(flow.getSnapshot().step.name).toBe(screen);
  });

  it('throws for a step Thrive does not offer, so the form can show it', async () => {
    const flow = new SignInFlow(
      services({
        signIn: () => Promise.resolve<SignInStep>({ name: 'UNSUPPORTED', step: 'CONFIRM_SIGN_IN_WITH_EMAIL_CODE' }),
      }),
    );
    await expect(flow.submitCredentials(EMAIL, 'pw')).rejects.toThrow(
      FLOW_MESSAGES.unsupported('CONFIRM_SIGN_IN_WITH_EMAIL_CODE'),
    );
  });

  it('passes identity errors on to the form and stays on the step', async () => {
    const wrongCode = named('CodeMismatchException', 'Invalid code received for user');
    const flow = new SignInFlow(
      services({
        signIn: () => Promise.resolve<SignInStep>({ name: 'CONFIRM_SIGN_IN_WITH_TOTP_CODE' }),
        answerChallenge: () => Promise.reject(wrongCode),
      }),
    );
    await flow.submitCredentials(EMAIL, 'pw');
    await expect(flow.answerChallenge('000000')).rejects.toBe(wrongCode);
    expect(flow.getSnapshot().step.name).toBe('totpCode');
  });

  describe('pending sign-in expiry', () => {
    it('returns to sign-in with a message 3 minutes after the last update, without calling the service', async () => {
      const time = clock();
      const s = services({
        signIn: () => Promise.resolve<SignInStep>({ name: 'CONFIRM_SIGN_IN_WITH_SMS_CODE', destination: null }),
      });
      const flow = new SignInFlow(s, time.now);
      await flow.submitCredentials(EMAIL, 'pw');
      time.advance(PENDING_SIGN_IN_MS);
      await flow.answerChallenge('123456');
      expect(s.answerChallenge).not.toHaveBeenCalled();
      expect(flow.getSnapshot()).toMatchObject({
        step: { name: 'signIn' },
        email: '',
        notice: { tone: 'warning', text: FLOW_MESSAGES.expired },
      });
    });

    it('is still pending just before 3 minutes', async () => {
      const time = clock();
      const s = services({
        signIn: () => Promise.resolve<SignInStep>({ name: 'CONFIRM_SIGN_IN_WITH_SMS_CODE', destination: null }),
      });
      const flow = new SignInFlow(s, time.now);
      await flow.submitCredentials(EMAIL, 'pw');
      time.advance(PENDING_SIGN_IN_MS - 1);
      await flow.answerChallenge('123456');
      expect(s.answerChallenge).toHaveBeenCalled();
    });

    it('also returns to sign-in when the identity service says the session is gone', async () => {
      const flow = new SignInFlow(
        services({
          signIn: () => Promise.resolve<SignInStep>({ name: 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED' }),
          answerChallenge: () =>
            Promise.reject(named('NotAuthorizedException', 'Invalid session for the user, session is expired.')),
        }),
      );
      await flow.submitCredentials(EMAIL, 'pw');
      await flow.answerChallenge('Fresh!2026');
      expect(flow.getSnapshot().notice?.text).toBe(FLOW_MESSAGES.expired);
    });
  });

  describe('unconfirmed account', () => {
    it('sends a code, confirms the account and signs in again with the same password', async () => {
      const signIn = vi
        .fn<SignInServices['signIn']>()
        .mockResolvedValueOnce({ name: 'CONFIRM_SIGN_UP' })
        .mockResolvedValueOnce({ name: 'DONE' });
      const s = services({ signIn });
      const flow = new SignInFlow(s);
      await flow.submitCredentials('unconfirmed@thrive.test', 'Thrive!2026');
      expect(s.resendAccountCode).toHaveBeenCalledWith('unconfirmed@thrive.test');
      expect(flow.getSnapshot().step).toEqual({ name: 'confirmAccount', codeSentTo: 'u***@thrive.test' });
      await flow.confirmAccount('123456');
      expect(s.confirmAccount).toHaveBeenCalledWith('unconfirmed@thrive.test', '123456');
      expect(signIn).toHaveBeenLastCalledWith('unconfirmed@thrive.test', 'Thrive!2026');
      expect(s.completeSignIn).toHaveBeenCalled();
    });

    it('returns to sign-in when a resend reports the account is already confirmed', async () => {
      const flow = new SignInFlow(
        services({
          signIn: () => Promise.resolve<SignInStep>({ name: 'CONFIRM_SIGN_UP' }),
          resendAccountCode: () => Promise.reject(named('InvalidParameterException', 'User is already confirmed.')),
        }),
      );
      await flow.submitCredentials('unconfirmed@thrive.test', 'Thrive!2026');
      expect(flow.getSnapshot()).toMatchObject({
        step: { name: 'signIn' },
        notice: { tone: 'info', text: FLOW_MESSAGES.alreadyConfirmed },
      });
    });
  });

  it('resets a password with a code, then signs in with the new one', async () => {
    const signIn = vi
      .fn<SignInServices['signIn']>()
      .mockResolvedValueOnce({ name: 'RESET_PASSWORD' })
      .mockResolvedValueOnce({ name: 'DONE' });
    const s = services({ signIn });
    const flow = new SignInFlow(s);
    await flow.submitCredentials('reset@thrive.test', 'Thrive!2026');
    expect(flow.getSnapshot().step).toEqual({ name: 'resetPassword', codeSentTo: null, codeSent: false });
    await flow.sendResetCode();
    expect(flow.getSnapshot().step).toEqual({ name: 'resetPassword', codeSentTo: 'r***@thrive.test', codeSent: true });
    await flow.confirmReset('123456', 'Fresh!2026');
    expect(s.setNewPasswordWithCode).toHaveBeenCalledWith('reset@thrive.test', '123456', 'Fresh!2026');
    expect(signIn).toHaveBeenLastCalledWith('reset@thrive.test', 'Fresh!2026');
    expect(s.completeSignIn).toHaveBeenCalled();
  });

  describe('contact verification', () => {
    it('offers e-mail and phone when neither is verified, then confirms the chosen one', async () => {
      const s = services({ fetchContactStatus: () => Promise.resolve(UNVERIFIED) });
      const flow = new SignInFlow(s);
      await flow.submitCredentials('unverified@thrive.test', 'Thrive!2026');
      expect(flow.getSnapshot().step).toMatchObject({ name: 'verifyContact', contacts: ['email', 'phone_number'] });
      expect(s.completeSignIn).not.toHaveBeenCalled();
      await flow.chooseContact('email');
      expect(flow.getSnapshot().step).toEqual({
        name: 'verifyContactCode',
        contact: 'email',
        codeSentTo: 'u***@thrive.test',
      });
      await flow.confirmContact('123456');
      expect(s.confirmContact).toHaveBeenCalledWith('email', '123456');
      expect(s.completeSignIn).toHaveBeenCalledTimes(1);
    });

    it('allows skipping at either step', async () => {
      const s = services({ fetchContactStatus: () => Promise.resolve(UNVERIFIED) });
      const flow = new SignInFlow(s);
      await flow.submitCredentials('unverified@thrive.test', 'Thrive!2026');
      await flow.skipVerification();
      expect(s.sendContactCode).not.toHaveBeenCalled();
      expect(s.completeSignIn).toHaveBeenCalledTimes(1);
    });

    it('completes when the code is wrong, the code cannot be sent, or the attributes cannot be read', async () => {
      const wrong = services({
        fetchContactStatus: () => Promise.resolve(UNVERIFIED),
        confirmContact: () => Promise.reject(named('CodeMismatchException', 'Invalid code')),
      });
      const a = new SignInFlow(wrong);
      await a.submitCredentials('unverified@thrive.test', 'pw');
      await a.chooseContact('phone_number');
      await a.confirmContact('000000');
      expect(wrong.completeSignIn).toHaveBeenCalledTimes(1);

      const unsent = services({
        fetchContactStatus: () => Promise.resolve(UNVERIFIED),
        sendContactCode: () => Promise.reject(new Error('LimitExceededException')),
      });
      const b = new SignInFlow(unsent);
      await b.submitCredentials('unverified@thrive.test', 'pw');
      await b.chooseContact('email');
      expect(unsent.completeSignIn).toHaveBeenCalledTimes(1);

      const unreadable = services({ fetchContactStatus: () => Promise.reject(new Error('NetworkError')) });
      const c = new SignInFlow(unreadable);
      await c.submitCredentials('unverified@thrive.test', 'pw');
      expect(unreadable.completeSignIn).toHaveBeenCalledTimes(1);
    });
  });
});
