import { describe, expect, it } from 'vitest';
import { parseEnv } from './env';

const ORIGIN = 'http://localhost:4173';

const local = {
  VITE_COGNITO_USER_POOL_ID: 'ap-south-1_ThriveLocal',
  VITE_COGNITO_CLIENT_ID: 'thrive-local-web-client',
  VITE_COGNITO_REGION: 'ap-south-1',
  VITE_COGNITO_ENDPOINT: '/identity',
  VITE_AUTH_FLOW: 'USER_PASSWORD_AUTH',
  VITE_SUPPORT_EMAIL: 'super@thrive.test',
};

describe('parseEnv', () => {
  it('reads the local stack configuration and resolves paths against the origin', () => {
    const result = parseEnv(local, ORIGIN);
    expect(result).toEqual({
      ok: true,
      env: {
        cognito: {
          userPoolId: 'ap-south-1_ThriveLocal',
          clientId: 'thrive-local-web-client',
          region: 'ap-south-1',
          endpoint: 'http://localhost:4173/identity',
        },
        authFlow: 'USER_PASSWORD_AUTH',
        apiBase: 'http://localhost:4173/api/v1',
        supportEmail: 'super@thrive.test',
        buildId: 'dev',
      },
    });
  });

  it('defaults to Amazon Cognito itself, SRP, ap-south-1 and /api/v1', () => {
    const result = parseEnv(
      {
        VITE_COGNITO_USER_POOL_ID: 'ap-south-1_AbC123',
        VITE_COGNITO_CLIENT_ID: 'abc123',
        VITE_COGNITO_ENDPOINT: '',
        VITE_SUPPORT_EMAIL: 'help@clinic.example',
      },
      'https://app.clinic.example',
    );
    expect(result.ok && result.env.cognito.endpoint).toBeUndefined();
    expect(result.ok && result.env.cognito.region).toBe('ap-south-1');
    expect(result.ok && result.env.authFlow).toBe('USER_SRP_AUTH');
    expect(result.ok && result.env.apiBase).toBe('https://app.clinic.example/api/v1');
  });

  it('keeps an absolute API base and drops a trailing slash', () => {
    const result = parseEnv({ ...local, VITE_API_BASE: 'https://api.clinic.example/api/v1/' }, ORIGIN);
    expect(result.ok && result.env.apiBase).toBe('https://api.clinic.example/api/v1');
  });

  it('lists every missing identity variable, treating blanks as missing', () => {
    const result = parseEnv({ VITE_COGNITO_CLIENT_ID: '  ', VITE_SUPPORT_EMAIL: 'super@thrive.test' }, ORIGIN);
    expect(result).toEqual({
      ok: false,
      problems: ['VITE_COGNITO_USER_POOL_ID is missing', 'VITE_COGNITO_CLIENT_ID is missing'],
    });
  });

  it('refuses an API base that does not end in /api/v1', () => {
    const result = parseEnv({ ...local, VITE_API_BASE: '/api/v2' }, ORIGIN);
    expect(result).toEqual({ ok: false, problems: ['VITE_API_BASE must end in /api/v1'] });
  });

  it('refuses an unknown auth flow and a bad support address', () => {
    const result = parseEnv({ ...local, VITE_AUTH_FLOW: 'CUSTOM_AUTH', VITE_SUPPORT_EMAIL: 'nobody' }, ORIGIN);
    expect(result.ok ? [] : result.problems).toEqual([
      'VITE_AUTH_FLOW must be USER_PASSWORD_AUTH or USER_SRP_AUTH',
      'VITE_SUPPORT_EMAIL is not an e-mail address',
    ]);
  });

  it('refuses a pool id from another region than the configured one', () => {
    const result = parseEnv({ ...local, VITE_COGNITO_USER_POOL_ID: 'us-east-1_Abc' }, ORIGIN);
    expect(result).toEqual({
      ok: false,
      problems: ['VITE_COGNITO_USER_POOL_ID is not in region ap-south-1 (VITE_COGNITO_REGION)'],
    });
  });
});
