import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigurationError, parseDatabaseConfig, parseServerConfig } from './config.ts';

/** 32 bytes in base64: where the lab reports go is as required as the identity service. */
const REPORT_KEY = Buffer.alloc(32, 7).toString('base64');

const identity = {
  COGNITO_ISSUER: 'http://localhost:9229/ap-south-1_ThriveLocal',
  COGNITO_JWKS_URL: 'http://127.0.0.1:9230/ap-south-1_ThriveLocal/.well-known/jwks.json',
  COGNITO_CLIENT_ID: 'thrive-local-web-client',
  COGNITO_USER_POOL_ID: 'ap-south-1_ThriveLocal',
  REPORT_FILES_KEY: REPORT_KEY,
};

/** The problems the configuration of `env` is refused for, one a line. */
function problemsOf(env: Readonly<Record<string, string | undefined>>): string {
  try {
    parseServerConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigurationError);
    return (error as ConfigurationError).problems.join('\n');
  }
  throw new Error('The configuration was taken without a problem');
}

describe('parseServerConfig', () => {
  it('lists every missing or invalid variable at once', () => {
    const problems = problemsOf({ API_PORT: 'eighty', COGNITO_ISSUER: 'not a url', DATABASE_URL: 'mysql://x' });
    for (const name of [
      'API_PORT',
      'COGNITO_ISSUER',
      'COGNITO_JWKS_URL',
      'COGNITO_CLIENT_ID',
      'COGNITO_USER_POOL_ID',
      'DATABASE_URL',
    ]) {
      expect(problems).toContain(name);
    }
  });

  it('defaults to loopback, the embedded database in DATA_DIR/db, and ap-south-1 without a custom endpoint', () => {
    const config = parseServerConfig({ ...identity, DATA_DIR: '/tmp/thrive-data', DATABASE_URL: '' });
    expect(config).toMatchObject({
      host: '127.0.0.1',
      port: 4180,
      database: { kind: 'pglite', dataDir: path.resolve('/tmp/thrive-data/db') },
      identity: { region: 'ap-south-1', endpoint: undefined },
      validateResponses: false,
    });
  });

  it('reads per-actor rate limits as requests/seconds, with generous defaults', () => {
    const config = parseServerConfig({ ...identity, API_RATE_LIMIT_SEARCH: '5/10' });
    expect(config.rateLimits).toEqual({
      list: { requests: 300, seconds: 60 },
      search: { requests: 5, seconds: 10 },
      unauthenticated: { requests: 60, seconds: 60 },
      write: { requests: 300, seconds: 60 },
    });
    expect(() => parseServerConfig({ ...identity, API_RATE_LIMIT_WRITE: 'lots' })).toThrow(
      /API_RATE_LIMIT_WRITE must be requests\/seconds/,
    );
  });

  it('uses PostgreSQL when DATABASE_URL is set, with rate limits every process shares', () => {
    const config = parseServerConfig({ ...identity, DATABASE_URL: 'postgres://thrive@127.0.0.1/thrive' });
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://thrive@127.0.0.1/thrive' });
    expect(config.rateLimitStore).toBe('database');
    expect(parseServerConfig({ ...identity, DATA_DIR: '/tmp/thrive-data' }).rateLimitStore).toBe('memory');
  });

  it('puts a password handed over on its own into the database URL', () => {
    const config = parseServerConfig({
      ...identity,
      DATABASE_URL: 'postgres://thrive@db.internal:5432/thrive?sslmode=verify-full',
      DATABASE_PASSWORD: 'p@ss/word:1',
    });
    expect(config.database).toEqual({
      kind: 'postgres',
      url: 'postgres://thrive:p%40ss%2Fword%3A1@db.internal:5432/thrive?sslmode=verify-full',
    });
  });

  it('names its process in the log, and logs requests unless told otherwise', () => {
    expect(parseServerConfig({ ...identity, API_INSTANCE_NAME: 'api-2' })).toMatchObject({
      instance: 'api-2',
      logLevel: 'info',
    });
    expect(() => parseServerConfig({ ...identity, LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL must be debug/);
  });
});

describe('where the lab reports are kept', () => {
  const { REPORT_FILES_KEY: _key, ...withoutReports } = identity;

  it('refuses to start without a key or a bucket, saying what to set, beside every other problem', () => {
    const problems = problemsOf({ ...withoutReports, API_PORT: 'eighty' });
    expect(problems).toContain('API_PORT');
    expect(problems).toContain('REPORT_FILES_KEY or REPORT_FILES_BUCKET is required');
    expect(problems).toContain('openssl rand -base64 32');
    expect(() => parseServerConfig({ ...withoutReports, REPORT_FILES_KEY: '  ' })).toThrow(
      /REPORT_FILES_KEY or REPORT_FILES_BUCKET is required/,
    );
  });

  it('keeps them in the database under a 32-byte key, and refuses any other length', () => {
    const config = parseServerConfig(identity);
    expect(config.reportFiles).toEqual({ kind: 'database', key: Buffer.alloc(32, 7) });
    for (const key of [Buffer.alloc(16).toString('base64'), 'not base64 at all', `${REPORT_KEY}AA`]) {
      expect(() => parseServerConfig({ ...identity, REPORT_FILES_KEY: key })).toThrow(
        /REPORT_FILES_KEY must be 32 bytes in base64/,
      );
    }
  });

  it('keeps them in S3 when a bucket is named, with its region and KMS key', () => {
    const config = parseServerConfig({
      ...withoutReports,
      REPORT_FILES_BUCKET: 'thrive-reports-123',
      REPORT_FILES_KMS_KEY_ID: 'arn:aws:kms:ap-south-1:123456789012:key/abc',
    });
    expect(config.reportFiles).toEqual({
      kind: 's3',
      bucket: 'thrive-reports-123',
      region: 'ap-south-1',
      kmsKeyId: 'arn:aws:kms:ap-south-1:123456789012:key/abc',
    });
    expect(() => parseServerConfig({ ...withoutReports, REPORT_FILES_BUCKET: 'Not A Bucket' })).toThrow(
      /REPORT_FILES_BUCKET must be an S3 bucket name/,
    );
  });
});

describe('parseDatabaseConfig', () => {
  it('needs only where the database is (npm run migrate)', () => {
    expect(parseDatabaseConfig({ DATA_DIR: '/tmp/thrive-data' })).toEqual({
      kind: 'pglite',
      dataDir: path.resolve('/tmp/thrive-data/db'),
    });
    expect(parseDatabaseConfig({ DATABASE_URL: 'postgres://thrive@127.0.0.1/thrive' })).toEqual({
      kind: 'postgres',
      url: 'postgres://thrive@127.0.0.1/thrive',
    });
    expect(() => parseDatabaseConfig({ DATABASE_URL: 'mysql://x' })).toThrow(ConfigurationError);
  });
});
