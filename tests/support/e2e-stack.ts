/**
 * The stack the end-to-end tests run against: the production build and the
 * real local services, on their own ports, with fresh demo data every run.
 */
import { rmSync } from 'node:fs';
import { stackConfig } from '../../scripts/stack/config.ts';
import { startStack } from '../../scripts/stack/start.ts';

const config = stackConfig(process.env);
rmSync(config.dataDir, { recursive: true, force: true });
const stack = await startStack(config);
console.log(`Ready: ${config.appUrl}`);
const stop = async () => {
  await stack.stop();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
void stack.failed.then(async (reason) => {
  console.error(reason);
  await stack.stop();
  process.exit(1);
});
