/**
 * How the probe talks to a running stack: plain HTTP to the API and the
 * identity service's JSON API, as anyone on the network could, every answer
 * counted in the report. Accounts sign in with their password (and the code
 * the local identity service sends, when it asks for one), once per run.
 */
import { DEMO_CODE } from '../../demo/accounts.ts';
import { callIdentity, passwordSignIn, type PasswordSignInAnswer } from '../../identity/client.ts';
import { Recorder, type Stage } from './report.ts';

/** Where the stack under probe answers. */
export interface ProbeTarget {
  /** The API's base, ending in /api/v1. */
  apiUrl: string;
  /** The identity service (our proxy in front of the emulator), where the app signs in. */
  identityUrl: string;
  clientId: string;
  /** The identity service's data: the temporary passwords of the accounts the probe makes are read there. */
  identityDir: string;
  userPoolId: string;
}

/** Someone who signs in with a password. */
export interface Account {
  /** How the report names it: the demo account's role, or the probe's own account. */
  label: string;
  email: string;
  password: string;
  /** The identity username, which is the API's user id. */
  id: string;
}

/** Who sends a request: an account (signed in once per run), a token as it is, or nobody. */
export type Sender = Account | { label: string; token: string } | null;

export interface ApiRequest {
  method: string;
  /** Relative to /api/v1. */
  path: string;
  /** Sent as JSON; a string is sent as it is (for bodies that are not JSON). */
  body?: unknown;
  headers?: Readonly<Record<string, string>>;
}

export interface ApiAnswer {
  /** 0 when no HTTP answer came (the connection failed). */
  status: number;
  headers: Headers;
  /** Parsed JSON, the text when it is not JSON, or null when there is none. */
  body: unknown;
}

export type Verdict = { refused: true } | { answered: true } | { expected: string };

export const REFUSED: Verdict = { refused: true };
export const ANSWERED: Verdict = { answered: true };

/** A setup step of the probe's own did not go as it must; the sweep cannot go on without it. */
export class SetupFailed extends Error {}

function labelOf(sender: Sender): string {
  return sender === null ? 'anonymous' : sender.label;
}

export function isProblem(answer: ApiAnswer): boolean {
  return /^application\/problem\+json/.test(answer.headers.get('content-type') ?? '');
}

export class ProbeClient {
  readonly recorder = new Recorder();
  private readonly tokens = new Map<string, Promise<PasswordSignInAnswer>>();

  constructor(readonly target: ProbeTarget) {}

  /** One call of the identity service's JSON API, counted in `stage`; status 0 when no JSON answer came. */
  async identity<T>(stage: Stage, operation: string, body: unknown): Promise<T & { status: number }> {
    let answer: T & { status: number };
    try {
      answer = await callIdentity<T>(this.target.identityUrl, operation, body);
    } catch {
      answer = { status: 0 } as T & { status: number };
    }
    this.recorder.sent(stage, answer.status);
    return answer;
  }

  /** The first step of a password sign-in: tokens, or the challenge the service asks. */
  async passwordStep(stage: Stage, email: string, password: string): Promise<PasswordSignInAnswer> {
    let answer: PasswordSignInAnswer;
    try {
      answer = await passwordSignIn(this.target.identityUrl, this.target.clientId, email, password);
    } catch {
      answer = { status: 0 };
    }
    this.recorder.sent(stage, answer.status);
    return answer;
  }

  /** A password sign-in, answering the SMS code the local identity service sends when it asks for one. */
  async signIn(stage: Stage, email: string, password: string): Promise<PasswordSignInAnswer> {
    const answer = await this.passwordStep(stage, email, password);
    if (answer.ChallengeName !== 'SMS_MFA') return answer;
    return this.identity<PasswordSignInAnswer>(stage, 'RespondToAuthChallenge', {
      ChallengeName: 'SMS_MFA',
      ClientId: this.target.clientId,
      Session: answer.Session,
      ChallengeResponses: { USERNAME: email, SMS_MFA_CODE: DEMO_CODE },
    });
  }

  /** The account's tokens, from one sign-in per run. */
  async tokensOf(account: Account): Promise<NonNullable<PasswordSignInAnswer['AuthenticationResult']>> {
    let signedIn = this.tokens.get(account.email);
    if (!signedIn) {
      signedIn = this.signIn('setup', account.email, account.password);
      this.tokens.set(account.email, signedIn);
    }
    const tokens = (await signedIn).AuthenticationResult;
    if (!tokens) {
      this.failSetup('POST', 'identity InitiateAuth', account.label, (await signedIn).status, 'tokens');
    }
    return tokens;
  }

  /** Sends `request` as `sender`, counted in `stage`. */
  async send(stage: Stage, sender: Sender, request: ApiRequest): Promise<ApiAnswer> {
    const headers: Record<string, string> = { ...request.headers };
    if (sender !== null) {
      headers.authorization = `Bearer ${'token' in sender ? sender.token : (await this.tokensOf(sender)).AccessToken}`;
    }
    if (request.body !== undefined) headers['content-type'] ??= 'application/json';
    let answer: ApiAnswer;
    try {
      const response = await fetch(`${this.target.apiUrl}${request.path}`, {
        method: request.method,
        headers,
        body:
          request.body === undefined
            ? undefined
            : typeof request.body === 'string'
              ? request.body
              : JSON.stringify(request.body),
      });
      const text = await response.text();
      answer = { status: response.status, headers: response.headers, body: parsed(text) };
    } catch {
      answer = { status: 0, headers: new Headers(), body: null };
    }
    this.recorder.sent(stage, answer.status);
    return answer;
  }

  /** Sends a probe and judges its answer: refused or answered as a secure server does, or unexpected. */
  async probe(
    stage: Stage,
    sender: Sender,
    request: ApiRequest,
    judge: (answer: ApiAnswer) => Verdict,
  ): Promise<ApiAnswer> {
    const answer = await this.send(stage, sender, request);
    this.judged(stage, labelOf(sender), request, answer.status, judge(answer));
    return answer;
  }

  /** A probe a secure server refuses with one of `statuses`, as a problem (RFC 9457). */
  refusal(stage: Stage, sender: Sender, request: ApiRequest, statuses: readonly number[] = [403]): Promise<ApiAnswer> {
    return this.probe(stage, sender, request, (answer) =>
      statuses.includes(answer.status) && isProblem(answer)
        ? REFUSED
        : { expected: `${statuses.join(' or ')} (problem+json)` },
    );
  }

  /** Counts a verdict reached some other way (several answers together, an identity answer). */
  judged(stage: Stage, who: string, request: Pick<ApiRequest, 'method' | 'path'>, status: number, verdict: Verdict) {
    if ('refused' in verdict) this.recorder.refused(stage);
    else if ('answered' in verdict) this.recorder.answered(stage);
    else this.recorder.unexpected({ stage, method: request.method, path: request.path, who, status, ...verdict });
  }

  /** A setup step that must answer `status`; anything else stops the sweep. */
  async setup(sender: Sender, request: ApiRequest, status: number): Promise<ApiAnswer> {
    const answer = await this.send('setup', sender, request);
    if (answer.status !== status) {
      this.failSetup(request.method, request.path, labelOf(sender), answer.status, String(status), answer.body);
    }
    return answer;
  }

  failSetup(method: string, path: string, who: string, status: number, expected: string, body?: unknown): never {
    this.recorder.unexpected({ stage: 'setup', method, path, who, status, expected });
    throw new SetupFailed(`${method} ${path} as ${who}: ${status} ${JSON.stringify(body ?? null).slice(0, 300)}`);
  }
}

function parsed(text: string): unknown {
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Runs `work` over `items`, `limit` at a time (the stack shares a machine), starting them in order. */
export async function inTurns<T>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<unknown>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
