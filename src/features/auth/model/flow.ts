import { SIGN_IN_MESSAGES, isAlreadyConfirmedError, isExpiredSignInError } from '@/lib/auth/errors';
import { contactsToVerify, type ContactStatus, type SignInStep, type VerifiableContact } from '@/lib/auth/steps';

/**
 * The sign-in step machine (spec section 4). Every screen of the sign-in
 * experience is one `FlowStep`; the identity service, not a flag, decides
 * which comes next. No React and no Amplify in here: the services are passed
 * in, so the whole flow runs in unit tests.
 */

/** A pending sign-in expires 3 minutes after its last update. */
export const PENDING_SIGN_IN_MS = 3 * 60 * 1000;

export type FlowStep =
  | { name: 'signIn' }
  | { name: 'newPassword' }
  | { name: 'smsCode'; destination: string | null }
  | { name: 'totpCode' }
  | { name: 'totpSetup'; sharedSecret: string; setupUri: string }
  | { name: 'resetPassword'; codeSentTo: string | null; codeSent: boolean }
  | { name: 'confirmAccount'; codeSentTo: string | null }
  | { name: 'verifyContact'; contacts: VerifiableContact[]; status: ContactStatus }
  | { name: 'verifyContactCode'; contact: VerifiableContact; codeSentTo: string | null }
  | { name: 'done' };

export type StepName = FlowStep['name'];

export interface Notice {
  tone: 'info' | 'warning';
  text: string;
}

export interface FlowState {
  step: FlowStep;
  /** The normalised e-mail the flow is for; empty on the sign-in step. */
  email: string;
  /** When the step last changed (ms since the epoch). */
  updatedAt: number;
  /** A message for the sign-in step after the flow started over. */
  notice: Notice | null;
}

export interface SignInServices {
  signIn: (email: string, password: string) => Promise<SignInStep>;
  answerChallenge: (email: string, response: string) => Promise<SignInStep>;
  confirmAccount: (email: string, code: string) => Promise<void>;
  resendAccountCode: (email: string) => Promise<string | null>;
  sendPasswordResetCode: (email: string) => Promise<string | null>;
  setNewPasswordWithCode: (email: string, code: string, newPassword: string) => Promise<void>;
  fetchContactStatus: () => Promise<ContactStatus>;
  sendContactCode: (contact: VerifiableContact) => Promise<string | null>;
  confirmContact: (contact: VerifiableContact, code: string) => Promise<void>;
  /**
   * Called once at the end with the password the identity service accepted:
   * restore the session, open the person's data key with it, and let the
   * router move on. The password goes no further.
   */
  completeSignIn: (password: string) => Promise<void>;
}

export const FLOW_MESSAGES = {
  expired: SIGN_IN_MESSAGES.expired,
  alreadyConfirmed: 'Your account is already confirmed. Please sign in.',
  unsupported: (step: string) =>
    `This sign-in step (${step}) is not available in Thrive. Please contact the clinic for help.`,
} as const;

/** Steps that answer the identity service's pending challenge, which expires. */
const CHALLENGE_STEPS: ReadonlySet<StepName> = new Set(['newPassword', 'smsCode', 'totpCode', 'totpSetup']);

export class SignInFlow {
  private state: FlowState;
  private readonly listeners = new Set<() => void>();
  /**
   * Kept in memory only until the sign-in completes: to sign in again after an
   * account confirmation, and to open the person's data key on this device.
   */
  private password = '';

  constructor(
    private readonly services: SignInServices,
    private readonly now: () => number = Date.now,
  ) {
    this.state = { step: { name: 'signIn' }, email: '', updatedAt: now(), notice: null };
  }

  getSnapshot = (): FlowState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private set(step: FlowStep, patch: Partial<Omit<FlowState, 'step'>> = {}): void {
    this.state = { ...this.state, notice: null, ...patch, step, updatedAt: this.now() };
    for (const listener of this.listeners) listener();
  }

  /** Back to the sign-in form, optionally with a message. */
  restart = (notice: Notice | null = null): void => {
    this.password = '';
    this.set({ name: 'signIn' }, { email: '', notice });
  };

  dismissNotice = (): void => {
    if (this.state.notice === null) return;
    this.state = { ...this.state, notice: null };
    for (const listener of this.listeners) listener();
  };

  isExpired(): boolean {
    return CHALLENGE_STEPS.has(this.state.step.name) && this.now() - this.state.updatedAt >= PENDING_SIGN_IN_MS;
  }

  /** E-mail already normalised; password exactly as typed. Errors are thrown for the form to show. */
  submitCredentials = async (email: string, password: string): Promise<void> => {
    this.password = password;
    this.state = { ...this.state, email };
    await this.continueWith(await this.services.signIn(email, password));
  };

  /** The new password, SMS code or authenticator code of the pending challenge. */
  answerChallenge = async (response: string): Promise<void> => {
    if (this.isExpired()) return this.restart({ tone: 'warning', text: FLOW_MESSAGES.expired });
    // A new password replaces the temporary one: it is the one that opens the data key from now on.
    if (this.state.step.name === 'newPassword') this.password = response;
    let next: SignInStep;
    try {
      next = await this.services.answerChallenge(this.state.email, response);
    } catch (error) {
      if (isExpiredSignInError(error)) return this.restart({ tone: 'warning', text: FLOW_MESSAGES.expired });
      throw error;
    }
    await this.continueWith(next);
  };

  confirmAccount = async (code: string): Promise<void> => {
    await this.services.confirmAccount(this.state.email, code);
    await this.continueWith(await this.services.signIn(this.state.email, this.password));
  };

  /** Sends the confirmation code again; an account confirmed meanwhile goes back to sign-in. */
  resendAccountCode = async (): Promise<void> => {
    let codeSentTo: string | null;
    try {
      codeSentTo = await this.services.resendAccountCode(this.state.email);
    } catch (error) {
      if (isAlreadyConfirmedError(error)) return this.restart({ tone: 'info', text: FLOW_MESSAGES.alreadyConfirmed });
      throw error;
    }
    this.set({ name: 'confirmAccount', codeSentTo });
  };

  sendResetCode = async (): Promise<void> => {
    const codeSentTo = await this.services.sendPasswordResetCode(this.state.email);
    this.set({ name: 'resetPassword', codeSentTo, codeSent: true });
  };

  /** Sets the new password with the reset code, then signs in with it. */
  confirmReset = async (code: string, newPassword: string): Promise<void> => {
    await this.services.setNewPasswordWithCode(this.state.email, code, newPassword);
    this.password = newPassword;
    await this.continueWith(await this.services.signIn(this.state.email, newPassword));
  };

  /** Sends a code to the chosen contact; if that fails, the sign-in completes anyway. */
  chooseContact = async (contact: VerifiableContact): Promise<void> => {
    let codeSentTo: string | null;
    try {
      codeSentTo = await this.services.sendContactCode(contact);
    } catch {
      return this.complete();
    }
    this.set({ name: 'verifyContactCode', contact, codeSentTo });
  };

  /** Confirms the contact; success or failure, the sign-in completes (spec section 4). */
  confirmContact = async (code: string): Promise<void> => {
    const { step } = this.state;
    if (step.name !== 'verifyContactCode') return;
    try {
      await this.services.confirmContact(step.contact, code);
    } catch {
      // A failed verification continues as complete.
    }
    await this.complete();
  };

  skipVerification = (): Promise<void> => this.complete();

  private async continueWith(next: SignInStep): Promise<void> {
    switch (next.name) {
      case 'DONE':
        return this.verifyContactOrComplete();
      case 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED':
        return this.set({ name: 'newPassword' });
      case 'CONFIRM_SIGN_IN_WITH_SMS_CODE':
        return this.set({ name: 'smsCode', destination: next.destination });
      case 'CONFIRM_SIGN_IN_WITH_TOTP_CODE':
        return this.set({ name: 'totpCode' });
      case 'CONTINUE_SIGN_IN_WITH_TOTP_SETUP':
        return this.set({ name: 'totpSetup', sharedSecret: next.sharedSecret, setupUri: next.setupUri });
      case 'RESET_PASSWORD':
        return this.set({ name: 'resetPassword', codeSentTo: null, codeSent: false });
      case 'CONFIRM_SIGN_UP':
        // Signing in does not send a code; send one so the user has something to enter.
        return this.resendAccountCode();
      case 'UNSUPPORTED':
        throw new Error(FLOW_MESSAGES.unsupported(next.step));
    }
  }

  private async verifyContactOrComplete(): Promise<void> {
    let status: ContactStatus;
    try {
      status = await this.services.fetchContactStatus();
    } catch {
      return this.complete();
    }
    const contacts = contactsToVerify(status);
    if (contacts.length === 0) return this.complete();
    this.set({ name: 'verifyContact', contacts, status });
  }

  private async complete(): Promise<void> {
    const password = this.password;
    this.password = '';
    this.set({ name: 'done' });
    await this.services.completeSignIn(password);
  }
}
