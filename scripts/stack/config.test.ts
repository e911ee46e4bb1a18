import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { configFromStack, stackConfig } from './config.ts';
import { reportFilesKeyFile } from './report-files-key.ts';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'thrive-stack-config-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('configFromStack', () => {
  it('points the API at the local stack', () => {
    const stack = stackConfig({ DATA_DIR: dataDir, PORT: '24173' });
    expect(configFromStack(stack)).toMatchObject({
      port: stack.apiPort,
      database: { kind: 'pglite', dataDir: stack.databaseDir },
      identity: { issuer: stack.issuer, jwksUrl: stack.jwksUrl, clientId: stack.clientId, endpoint: stack.identityUrl },
    });
  });

  it('seals the lab reports under a key made once in DATA_DIR, readable by its owner only', () => {
    const stack = stackConfig({ DATA_DIR: dataDir, PORT: '24173' });
    const first = configFromStack(stack).reportFiles;
    expect(first).toMatchObject({ kind: 'database' });
    expect(configFromStack(stack).reportFiles).toEqual(first);
    expect(statSync(reportFilesKeyFile(dataDir)).mode & 0o777).toBe(0o600);
  });
});
