import { describe, expect, it } from 'vitest';
import { configFromStack, stackConfig } from './config.ts';

describe('configFromStack', () => {
  it('points the API at the local stack', () => {
    const stack = stackConfig({ DATA_DIR: '/tmp/thrive-stack', PORT: '24173' });
    expect(configFromStack(stack)).toMatchObject({
      port: stack.apiPort,
      database: { kind: 'pglite', dataDir: stack.databaseDir },
      identity: { issuer: stack.issuer, jwksUrl: stack.jwksUrl, clientId: stack.clientId, endpoint: stack.identityUrl },
    });
  });
});
