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

describe("the server's layers", () => {
  const ZONE = 'import-x/no-restricted-paths';

  it.each([
    [
      'a service imports the transport',
      "import { sendAnswer } from '../http/send.ts';\nexport const send = sendAnswer;\n",
      SERVICE_FILE,
    ],
    [
      'a service imports the process',
      "import * as config from '../config.ts';\nexport const used = config;\n",
      SERVICE_FILE,
    ],
    [
      'the core imports a service',
      "import * as visits from '../visits/visits-service.ts';\nexport const used = visits;\n",
      CORE_FILE,
    ],
    [
      'access imports a service',
      "import * as visits from '../visits/visits-service.ts';\nexport const used = visits;\n",
      ACCESS_FILE,
    ],
    [
      'the database layer imports the core',
      "import * as log from '../core/log.ts';\nexport const used = log;\n",
      DB_FILE,
    ],
  ])('refuses: %s', { timeout: 60_000 }, async (_case, code, file) => {
    expect(await rulesBroken(code, file)).toContain(ZONE);
  });

  it(
    'refuses an import cycle (the log is imported by the unit of work it would import)',
    { timeout: 60_000 },
    async () => {
      const code = "import { operation } from './operation.ts';\nexport const run = operation;\n";
      expect(await rulesBroken(code, LOG_FILE)).toContain('import-x/no-cycle');
    },
  );

  it('lets a service use the core and access, and the core the database', { timeout: 60_000 }, async () => {
    const service =
      "import * as core from '../core/operation.ts';\nimport * as grants from '../access/grants.ts';\nexport const used = [core, grants];\n";
    const core = "import * as db from '../db/database.ts';\nexport const used = db;\n";
    expect(await rulesBroken(service, SERVICE_FILE)).not.toContain(ZONE);
    expect(await rulesBroken(core, CORE_FILE)).not.toContain(ZONE);
  });
});

describe('scripts and tests', () => {
  const ZONE = 'import-x/no-restricted-paths';

  it.each([
    [
      'a script imports a mechanism of the app',
      "import * as client from '../../src/lib/api/client.ts';\nexport const used = client;\n",
      SCRIPT_FILE,
    ],
    [
      'a script imports a test',
      "import * as trail from '../../tests/support/audit-trail.ts';\nexport const used = trail;\n",
      SCRIPT_FILE,
    ],
    [
      'a test imports a screen',
      "import * as hub from '../../src/features/hub/index.ts';\nexport const used = hub;\n",
      TEST_SUPPORT_FILE,
    ],
    [
      'a test imports a script that is not a fixture or launcher',
      "import * as bench from '../../scripts/bench-api.ts';\nexport const used = bench;\n",
      TEST_SUPPORT_FILE,
    ],
  ])('refuses: %s', { timeout: 60_000 }, async (_case, code, file) => {
    expect(await rulesBroken(code, file)).toContain(ZONE);
  });

  it(
    "lets a test use the demo data, the app's mechanisms and the server it runs in-process, and a script the brand colours",
    { timeout: 60_000 },
    async () => {
      const fixture =
        "import * as clients from '../../scripts/demo/clients.ts';\nimport * as keys from '../../src/lib/auth/token-keys.ts';\nimport * as db from '../../server/db/database.ts';\nexport const used = [clients, keys, db];\n";
      const brand = "import * as brand from '../../src/config/brand.ts';\nexport const used = brand;\n";
      expect(await rulesBroken(fixture, TEST_SUPPORT_FILE)).not.toContain(ZONE);
      expect(await rulesBroken(brand, SCRIPT_FILE)).not.toContain(ZONE);
    },
  );
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
