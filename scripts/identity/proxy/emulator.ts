/**
 * The proxy's line to cognito-local, over its Unix socket: raw HTTP for what
 * is passed through, Cognito operations for what the proxy does itself, and
 * the user look-ups that name an account whatever was typed.
 */
import http from 'node:http';
import { CognitoError, isJson, str, type Json } from './cognito.ts';

export const JSON_CONTENT_TYPE = 'application/x-amz-json-1.1';

export interface EmulatorAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export interface Emulator {
  /** One HTTP exchange with the emulator. */
  http(method: string, path: string, headers: Record<string, string>, body: Buffer): Promise<EmulatorAnswer>;
  /** One Cognito operation; a Cognito error is rethrown as is. */
  call(operation: string, body: Json): Promise<Json>;
  /** The user record (AdminGetUser) named exactly so (username, `sub` or e-mail); null when there is none. */
  getUser(name: string): Promise<Json | null>;
  /**
   * The user a person means by what was typed: the name trimmed, and an e-mail
   * in any case (the pool's usernames are case-insensitive, which the emulator
   * does not honour). Null for no one.
   */
  findUser(typed: string | undefined): Promise<Json | null>;
}

export function createEmulator(socketPath: string, userPoolId: string): Emulator {
  function exchange(method: string, path: string, headers: Record<string, string>, body: Buffer) {
    return new Promise<EmulatorAnswer>((resolve, reject) => {
      const request = http.request(
        {
          socketPath,
          method,
          path,
          headers: { ...headers, host: 'cognito-local', 'content-length': String(body.length) },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            resolve({ status: response.statusCode ?? 502, headers: response.headers, body: Buffer.concat(chunks) }),
          );
          response.on('error', reject);
        },
      );
      request.on('error', reject);
      request.setTimeout(10_000, () => request.destroy(new Error('The identity emulator did not answer in time.')));
      request.end(body);
    });
  }

  async function call(operation: string, body: Json): Promise<Json> {
    const response = await exchange(
      'POST',
      '/',
      { 'content-type': JSON_CONTENT_TYPE, 'x-amz-target': `AWSCognitoIdentityProviderService.${operation}` },
      Buffer.from(JSON.stringify(body)),
    );
    const text = response.body.toString('utf8');
    let parsed: unknown = {};
    try {
      parsed = text ? JSON.parse(text) : {};
    } catch {
      // Not JSON: reported below with the status.
    }
    const result = isJson(parsed) ? parsed : {};
    if (response.status < 200 || response.status >= 300) {
      throw new CognitoError(
        str(result.__type) ?? 'InternalErrorException',
        str(result.message) ?? `${operation} failed with ${response.status}`,
        response.status,
      );
    }
    return result;
  }

  async function getUser(name: string): Promise<Json | null> {
    try {
      return await call('AdminGetUser', { UserPoolId: userPoolId, Username: name });
    } catch (error) {
      if (error instanceof CognitoError && error.type === 'UserNotFoundException') return null;
      throw error;
    }
  }

  async function findUser(typed: string | undefined): Promise<Json | null> {
    const name = typed?.trim();
    if (!name) return null;
    const exact = await getUser(name);
    if (exact !== null || name === name.toLowerCase()) return exact;
    return getUser(name.toLowerCase());
  }

  return { http: exchange, call, getUser, findUser };
}
