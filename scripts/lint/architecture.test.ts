/**
 * The architecture's rules hold because lint refuses what breaks them: each
 * case below plants one violation in a real file of the app, as the project's
 * own ESLint configuration sees it, and checks that it is reported (and that
 * the lawful form of the same thing is not).
 */
import path from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const SCREEN_FILE = path.join(root, 'src/features/hub/components/HubPage.tsx');
const DOMAIN_FILE = path.join(root, 'src/features/visits/components/VisitScreen.tsx');
const APP_FILE = path.join(root, 'src/components/ErrorBanner.tsx');
const TIME_MODULE = path.join(root, 'src/lib/intl/time.ts');
const SERVICE_FILE = path.join(root, 'server/visits/visits-service.ts');
const ACCESS_FILE = path.join(root, 'server/access/grants.ts');
const CORE_FILE = path.join(root, 'server/core/operation.ts');
const DB_FILE = path.join(root, 'server/db/migrate.ts');
const LOG_FILE = path.join(root, 'server/core/log.ts');
const SCRIPT_FILE = path.join(root, 'scripts/stack/processes.ts');
const TEST_SUPPORT_FILE = path.join(root, 'tests/support/audit-trail.ts');

let eslint: ESLint;

// One linter for every case, with the project's configuration less its type-aware rules: the rules these cases
// plant violations of (import zones, restricted imports and properties, size limits) read no types, and building
// the app's and the server's type programs took most of this file's minute.
beforeAll(() => {
  eslint = new ESLint({ cwd: root, overrideConfig: [tseslint.configs.disableTypeChecked] });
});

async function rulesBroken(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

describe('feature kinds', () => {
  it('refuses a screen importing another screen', { timeout: 60_000 }, async () => {
    const code = "import { JourneyHome } from '@/features/journey';\nexport const shown = JourneyHome;\n";
    expect(await rulesBroken(code, SCREEN_FILE)).toContain('import-x/no-restricted-paths');
  });

  it('refuses a domain importing a screen', { timeout: 60_000 }, async () => {
    const code = "import { HubPage } from '@/features/hub';\nexport const shown = HubPage;\n";
    expect(await rulesBroken(code, DOMAIN_FILE)).toContain('import-x/no-restricted-paths');
  });

  it('lets a screen use a domain, and a domain another domain', { timeout: 60_000 }, async () => {
    const screen = "import { StatusBadge } from '@/features/appointments';\nexport const shown = StatusBadge;\n";
    const domain = "import { ClinicClock } from '@/features/clinics';\nexport const shown = ClinicClock;\n";
    expect(await rulesBroken(screen, SCREEN_FILE)).not.toContain('import-x/no-restricted-paths');
    expect(await rulesBroken(domain, DOMAIN_FILE)).not.toContain('import-x/no-restricted-paths');
  });
});

describe('one place for time', () => {
  const DEVICE_CLOCK: Record<string, string> = {
    toLocaleString: 'export const when = (at: Date) => at.toLocaleString();\n',
    toLocaleDateString: "export const when = (at: Date) => at.toLocaleDateString('en-GB');\n",
    toLocaleTimeString: 'export const when = (at: Date) => at.toLocaleTimeString();\n',
    'Intl.DateTimeFormat': "export const when = (at: Date) => new Intl.DateTimeFormat('en-GB').format(at);\n",
    getHours: 'export const hour = (at: Date) => at.getHours();\n',
  };

  it.each(Object.entries(DEVICE_CLOCK))('refuses %s outside src/lib/intl', { timeout: 60_000 }, async (_name, code) => {
    expect(await rulesBroken(code, APP_FILE)).toContain('no-restricted-properties');
  });

  it('lets the time module use Intl', { timeout: 60_000 }, async () => {
    const code = "export const when = (at: Date) => new Intl.DateTimeFormat('en-GB').format(at);\n";
    expect(await rulesBroken(code, TIME_MODULE)).not.toContain('no-restricted-properties');
  });
});

describe('access decided in one place on the server', () => {
  it('refuses a service reading the rules table', { timeout: 60_000 }, async () => {
    const code = "import { ACCESS_RULES } from '@contract';\nexport const rules = ACCESS_RULES;\n";
    expect(await rulesBroken(code, SERVICE_FILE)).toContain('no-restricted-imports');
  });

  it('lets server/access read it, and a service ask server/access', { timeout: 60_000 }, async () => {
    const rules = "import { ACCESS_RULES } from '@contract';\nexport const rules = ACCESS_RULES;\n";
    const asking = "import { requireGrant } from '../access/grants.ts';\nexport const ask = requireGrant;\n";
    expect(await rulesBroken(rules, ACCESS_FILE)).not.toContain('no-restricted-imports');
    expect(await rulesBroken(asking, SERVICE_FILE)).not.toContain('no-restricted-imports');
  });
});

/** A module that imports each of `paths` whole and uses it. */
const importing = (...paths: string[]) =>
  `${paths.map((from, index) => `import * as used${index} from '${from}';`).join('\n')}\nexport const used = [${paths.map((_, index) => `used${index}`).join(', ')}];\n`;

const ZONE = 'import-x/no-restricted-paths';

describe("the server's layers, scripts and tests", () => {
  it.each([
    ['a service imports the transport', '../http/send.ts', SERVICE_FILE],
    ['a service imports the process', '../config.ts', SERVICE_FILE],
    ['the core imports a service', '../visits/visits-service.ts', CORE_FILE],
    ['access imports a service', '../visits/visits-service.ts', ACCESS_FILE],
    ['the database layer imports the core', '../core/log.ts', DB_FILE],
    ['a script imports a mechanism of the app', '../../src/lib/api/client.ts', SCRIPT_FILE],
    ['a script imports a test', '../../tests/support/audit-trail.ts', SCRIPT_FILE],
    ['a test imports a screen', '../../src/features/hub/index.ts', TEST_SUPPORT_FILE],
    ['a test imports a script that is neither fixture nor launcher', '../../scripts/bench-api.ts', TEST_SUPPORT_FILE],
  ])('refuses: %s', { timeout: 60_000 }, async (_case, from, file) => {
    expect(await rulesBroken(importing(from), file)).toContain(ZONE);
  });

  it('refuses an import cycle (the unit of work imports the log)', { timeout: 60_000 }, async () => {
    expect(await rulesBroken(importing('./operation.ts'), LOG_FILE)).toContain('import-x/no-cycle');
  });

  it.each([
    ['a service uses the core and access', ['../core/operation.ts', '../access/grants.ts'], SERVICE_FILE],
    ['the core uses the database', ['../db/database.ts'], CORE_FILE],
    [
      "a test uses the demo data, the app's mechanisms and the server it runs in-process",
      ['../../scripts/demo/clients.ts', '../../src/lib/auth/token-keys.ts', '../../server/db/database.ts'],
      TEST_SUPPORT_FILE,
    ],
    ['a script uses the brand colours', ['../../src/config/brand.ts'], SCRIPT_FILE],
  ])('allows: %s', { timeout: 60_000 }, async (_case, from, file) => {
    expect(await rulesBroken(importing(...from), file)).not.toContain(ZONE);
  });
});

describe('size', () => {
  const lines = (count: number, line: (index: number) => string) =>
    Array.from({ length: count }, (_, index) => line(index)).join('\n');
  const longFunction = (count: number) =>
    `export function busy(): number {\n  let total = 0;\n${lines(count - 4, (i) => `  total += ${i};`)}\n  return total;\n}\n`;
  const TEST_FILE = path.join(root, 'src/features/enrollments/model/progress.test.ts');

  it('refuses a file over 400 lines and a function over 150', { timeout: 60_000 }, async () => {
    const longFile = `${lines(401, (i) => `export const value${i} = ${i};`)}\n`;
    expect(await rulesBroken(longFile, APP_FILE)).toContain('max-lines');
    expect(await rulesBroken(longFunction(151), APP_FILE)).toContain('max-lines-per-function');
  });

  it(
    'counts code, not comments or blank lines, and lets a test hold long describe blocks',
    { timeout: 60_000 },
    async () => {
      const commented = `${lines(300, () => '// why')}\n\n${lines(300, (i) => `export const value${i} = ${i};`)}\n`;
      expect(await rulesBroken(commented, APP_FILE)).not.toContain('max-lines');
      expect(await rulesBroken(longFunction(150), APP_FILE)).not.toContain('max-lines-per-function');
      expect(await rulesBroken(longFunction(200), TEST_FILE)).not.toContain('max-lines-per-function');
    },
  );
});
