/**
 * `npm run probe`: an attacker's sweep of a running local stack (`npm start`,
 * with the same PORT and DATA_DIR), in groups: the identity service's
 * challenges, one client against another, every role against what the access
 * table denies it, minimum necessary, sessions after sign-out, an anonymous
 * flood, races, and preconditions and input. Prints a table per group and
 * every unexpected answer; exits 1 if any probe got an answer a secure server
 * would not give, or any answer was a 5xx. The probe makes its own accounts
 * and records and deletes them at the end, so the demo data stays as it was.
 */
import { stackConfig } from '../stack/config.ts';
import { formatReport } from './probe/report.ts';
import { runProbe } from './probe/run.ts';

const config = stackConfig();
const target = {
  apiUrl: `${config.apiUrl}/api/v1`,
  identityUrl: config.identityUrl,
  clientId: config.clientId,
  identityDir: config.identityDir,
  userPoolId: config.userPoolId,
};

const health = await fetch(`${target.apiUrl}/health`).catch(() => null);
if (health?.status !== 200) {
  console.error(`No stack answers at ${target.apiUrl}: start it first (PORT=${config.appPort} npm start).`);
  process.exit(2);
}
console.log(`Probing the API at ${target.apiUrl} and the identity service at ${target.identityUrl}\n`);
const started = performance.now();
const report = await runProbe(target);
console.log(formatReport(report));
console.log(`\n${((performance.now() - started) / 1000).toFixed(1)} s`);
process.exit(report.passed ? 0 : 1);
