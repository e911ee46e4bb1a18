// @ts-check
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import vitest from '@vitest/eslint-plugin';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y-x';
import reactHooks from 'eslint-plugin-react-hooks';
import testingLibrary from 'eslint-plugin-testing-library';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * The shape of the code (ARCHITECTURE.md), enforced:
 * - `openapi/` (the contract) imports nothing of the app, the server or the scripts;
 * - `server/` imports neither the app nor the developer scripts;
 * - `front/` (the production front) imports nothing of ours; `infra/` only front's headers and the contract;
 * - in `src/`, `lib/`, `config/` and `components/` are shared code and import no feature, no screen, no shell;
 * - a feature reaches another feature only through its public `index.ts`;
 * - a domain never imports a screen, and a screen never imports another screen;
 * - no import cycles anywhere.
 */
const FEATURES = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const featureIndexes = FEATURES.map((feature) => `./${feature}/index.ts`);

/**
 * The two kinds of feature (ARCHITECTURE.md). A domain holds one part of the clinic's record (its queries, changes,
 * rules and the pieces that show it); a screen is what a route shows, put together from domains. A domain never
 * imports a screen; a screen never imports another screen (the route composes them). Every folder of
 * src/features is one or the other: a new one is added to a list here, or lint stops.
 */
const DOMAINS = [
  'appointments',
  'assessments',
  'auth',
  'clinics',
  'enrollments',
  'hipaa',
  'messages',
  'people',
  'profiles',
  'results',
  'risk',
  'support',
  'visits',
];
const SCREENS = [
  'access',
  'backoffice',
  'booking',
  'clients',
  'dashboard',
  'discovery',
  'hub',
  'journey',
  'onboarding',
  'portal',
  'reports',
];
const unclassified = FEATURES.filter((feature) => DOMAINS.includes(feature) === SCREENS.includes(feature));
if (unclassified.length > 0) {
  throw new Error(`eslint.config.js: say whether src/features/${unclassified.join(', ')} is a domain or a screen.`);
}
const folderOf = (feature) => `./src/features/${feature}`;

/**
 * The server's layers, each importing only those below it (ARCHITECTURE.md):
 * the process (main.ts, config.ts) and the transport (http/: the app, its
 * middleware, one router per resource) on top; the services (one folder per
 * domain) below them; access rules and the identity service's admin client
 * below those; the core (errors, answers, preconditions, the log, the audit
 * trail and the unit of work every operation runs in) and the database at the
 * bottom. Services may use one another's stores; no import cycles.
 */
const SERVER_SERVICES = readdirSync(new URL('./server', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !['http', 'core', 'db', 'access', 'identity'].includes(entry.name))
  .map((entry) => `./server/${entry.name}`);

/** What of the contract only server/access reads: the rules table and what is derived from it. */
const SERVER_ACCESS_RULES = [
  'ACCESS_RULES',
  'decide',
  'listScopeOf',
  'reachesEveryone',
  'mayDoToClients',
  'RESOURCE_FIELDS',
  'readableFields',
  'writableFields',
  'projectFields',
  'fieldsNotWritable',
  'PROFILE_SECTION_ACCESS',
  'profileReadFields',
  'profileFieldsShown',
  'profileWriteRights',
  'projectProfileFields',
];

/** @type {{ target: string | string[]; from: string | string[]; except?: string[]; message: string }[]} */
const SERVER_LAYERS = [
  {
    target: './server/db',
    from: './server',
    except: ['./db'],
    message: 'The database layer imports nothing else of the server.',
  },
  {
    target: './server/core',
    from: './server',
    except: ['./core', './db'],
    message: 'The core is what every service uses; it imports only the database layer.',
  },
  {
    target: ['./server/access', './server/identity'],
    from: './server',
    except: ['./core', './db', './access', './identity'],
    message: 'Access rules and the identity admin client sit below the services; they import only core and db.',
  },
  {
    target: SERVER_SERVICES,
    from: ['./server/http', './server/main.ts', './server/config.ts'],
    message: 'Services never import the transport (server/http) or the process (main.ts, config.ts).',
  },
];

/** @type {{ target: string | string[]; from: string | string[]; except?: string[]; message: string }[]} */
const zones = [
  {
    target: './openapi',
    from: ['./src', './server', './scripts', './tests'],
    message: 'The contract (openapi/) is imported by the app and the server; it imports neither.',
  },
  {
    target: './server',
    from: ['./src', './scripts', './tests', './front', './infra'],
    message: 'The server depends on the contract (openapi/) only, never on the app or the developer scripts.',
  },
  {
    target: './front',
    from: ['./src', './server', './scripts', './tests', './openapi', './infra'],
    message: 'The production front serves a build and proxies to the API; it imports nothing else of ours.',
  },
  {
    target: './infra',
    from: ['./src', './server', './scripts', './tests'],
    message:
      'The AWS stack takes the app’s headers and caching rules from front/, and the roles and sessions from the contract.',
  },
  ...SERVER_LAYERS,
  {
    target: './src',
    from: ['./server', './scripts', './tests'],
    message: 'The app depends on the contract (@contract), never on the server or the developer scripts.',
  },
  {
    target: './scripts',
    from: './tests',
    message: 'Nothing imports the tests.',
  },
  {
    target: './scripts',
    from: './src',
    except: ['./config'],
    message: 'Scripts use the app’s brand colours (src/config) and nothing else of the app.',
  },
  {
    target: './tests',
    from: './src',
    except: ['./lib', './config'],
    message: 'Tests reach the app’s mechanisms (src/lib: storage keys, the outbox) to check them, never its screens.',
  },
  {
    target: './tests',
    from: './scripts',
    except: ['./demo', './stack', './identity', './backup', './security/probe', './chromium-paths.ts'],
    message:
      'Tests use the demo data as their fixture set (scripts/demo), the stack’s own launchers, its backup and the security probe, nothing else of scripts/.',
  },
  {
    target: ['./src/lib', './src/config', './src/components'],
    from: ['./src/features', './src/app', './src/routes', './src/pwa'],
    message: 'Shared code (lib, config, components) must not import features, screens or the shell.',
  },
  {
    target: './src/pwa',
    from: ['./src/features', './src/app', './src/routes'],
    message: 'The PWA layer must not import features, screens or the shell.',
  },
  ...FEATURES.map((feature) => ({
    target: `./src/features/${feature}`,
    from: './src/features',
    except: [`./${feature}`, ...featureIndexes],
    message: `Import another feature through its public index ('@/features/<name>'), not its internals.`,
  })),
  ...SCREENS.map((screen) => ({
    target: folderOf(screen),
    from: SCREENS.filter((other) => other !== screen).map(folderOf),
    message:
      'A screen never imports another screen: the route composes them, and what they share belongs to a domain, lib/ or components/.',
  })),
  {
    target: DOMAINS.map(folderOf),
    from: SCREENS.map(folderOf),
    message: 'A domain never imports a screen: screens are built from domains, not the other way round.',
  },
  {
    target: ['./src/app', './src/routes'],
    from: './src/features',
    except: featureIndexes,
    message: `Import a feature through its public index ('@/features/<name>'), not its internals.`,
  },
  {
    target: ['./src/features', './src/pwa', './src/lib', './src/components', './src/config'],
    from: ['./src/app', './src/routes'],
    message: 'Only routes and the shell compose screens; features and shared code do not import them.',
  },
];

/**
 * The DOM's sinks for unsanitised HTML and script, refused in the app (with
 * no-eval, no-new-func and no-script-url): React renders text as text, and
 * nothing here needs markup or code from a string. scripts/lint/dom-sinks.test.ts
 * proves each one is caught.
 */
export const DOM_SINKS = [
  {
    selector: 'JSXAttribute[name.name=/^(dangerouslySetInnerHTML|srcDoc|srcdoc)$/]',
    message: 'Render text as children; HTML from a string is an injection waiting to happen.',
  },
  {
    selector: 'AssignmentExpression > MemberExpression.left[property.name=/^(innerHTML|outerHTML|srcdoc)$/]',
    message: 'Set textContent, or build elements; HTML from a string is an injection waiting to happen.',
  },
  {
    selector:
      'CallExpression[callee.property.name=/^(insertAdjacentHTML|write|writeln|createContextualFragment|setHTMLUnsafe|parseHTMLUnsafe|parseFromString)$/]',
    message: 'HTML from a string is an injection waiting to happen.',
  },
  {
    selector:
      'CallExpression[callee.name=/^(setTimeout|setInterval)$/][arguments.0.type=/^(Literal|TemplateLiteral)$/]',
    message: 'Pass a function: a string here is code made from text.',
  },
];

/**
 * Dates, times and numbers become text in one place, src/lib/intl: on the clinic's clock and in its locale,
 * never the device's (a tablet set to UTC at Thrive Bengaluru must still show 11:00 for an 11:00 session).
 * The device's own calendar and clock (`getHours()`, `toLocaleString()`) and ad-hoc Intl formatters are
 * refused everywhere else in the app.
 */
const INTL_MESSAGE = 'Format through @/lib/intl: the clinic’s clock and locale, one date style.';
const DEVICE_CLOCK_MESSAGE = 'This reads the device’s zone; read the clinic’s clock through @/lib/intl.';
export const CLINIC_CLOCK = [
  ...['toLocaleString', 'toLocaleDateString', 'toLocaleTimeString'].map((property) => ({
    property,
    message: INTL_MESSAGE,
  })),
  { object: 'Intl', message: INTL_MESSAGE },
  ...['FullYear', 'Month', 'Date', 'Day', 'Hours', 'Minutes', 'Seconds', 'TimezoneOffset'].flatMap((unit) => [
    { property: `get${unit}`, message: DEVICE_CLOCK_MESSAGE },
    { property: `set${unit}`, message: DEVICE_CLOCK_MESSAGE },
  ]),
];

/** The vendor SDKs each stay behind one module (lib/auth, lib/api). */
const SDK_RESTRICTIONS = {
  amplify: {
    group: ['aws-amplify', 'aws-amplify/*', '@aws-amplify/*'],
    message: 'Only src/lib/auth talks to aws-amplify.',
  },
  openapiFetch: { group: ['openapi-fetch'], message: 'Use the one API client in src/lib/api.' },
};

/** Files over 400 lines, and why each stays whole. */
const OVERSIZED_FILES = {
  'openapi/access/resource-fields.ts': 'the one table of the fields each role reads, resource by resource',
  'scripts/bench/app-timings.ts': 'every journey of `npm run bench`, measured the same way in one browser session',
  'src/features/risk/cardiovascular-risk.test.ts':
    'the published reference cases of the Framingham and ASCVD equations',
  'tests/api/appointments.test.ts': 'the appointment lifecycle, one stack per file',
  'tests/api/visits.test.ts': 'the visit lifecycle from draft to signature, one stack per file',
  'tests/api/results.test.ts': 'entry, import, release and access of results, one stack per file',
};

/** Functions over 150 lines, and why each is not split yet. */
const OVERSIZED_FUNCTIONS = {
  'infra/lib/api-service.ts': 'the API service construct: its task, load balancer and scaling read in order',
};

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-*',
      '.data',
      '.data-*',
      '**/*.gen.ts',
      'test-results',
      'playwright-report',
      'coverage',
      'infra/cdk.out',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      // The app's own aliases are internal modules, not packages (no-cycle skips packages).
      'import-x/internal-regex': '^(@/|@contract$)',
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'tsconfig.json' })],
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-deprecated': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // TanStack Router's guards throw redirect(); everything else throws Errors.
      '@typescript-eslint/only-throw-error': [
        'error',
        { allow: [{ from: 'package', package: '@tanstack/router-core', name: 'Redirect' }] },
      ],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { zones }],
      'import-x/no-self-import': 'error',
      'import-x/no-useless-path-segments': 'error',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-hooks/exhaustive-deps': 'error',
      'no-restricted-imports': ['error', { patterns: [SDK_RESTRICTIONS.amplify, SDK_RESTRICTIONS.openapiFetch] }],
      // Text goes into the page as text: no HTML or code from strings, anywhere.
      'no-restricted-syntax': ['error', ...DOM_SINKS],
      'no-restricted-properties': ['error', ...CLINIC_CLOCK],
      'no-eval': 'error',
      'no-new-func': 'error',
      'no-script-url': 'error',
    },
  },
  {
    files: ['src/**/*.tsx'],
    ...jsxA11y.configs.recommended,
    rules: {
      ...jsxA11y.configs.recommended.rules,
      // A page with one job focuses its field on arrival (the sign-in steps, discovery's search box): that is the
      // next thing the person does. Native elements with autoFocus stay refused.
      'jsx-a11y-x/no-autofocus': ['error', { ignoreNonDOM: true }],
    },
  },
  {
    // The one place that makes Intl formatters.
    files: ['src/lib/intl/**/*.{ts,tsx}'],
    rules: { 'no-restricted-properties': 'off' },
  },
  {
    files: ['src/lib/auth/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [SDK_RESTRICTIONS.openapiFetch] }] },
  },
  {
    files: ['src/lib/api/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [SDK_RESTRICTIONS.amplify] }] },
  },
  {
    files: [
      'src/**/*.test.{ts,tsx}',
      'server/**/*.test.ts',
      'scripts/**/*.test.ts',
      'front/**/*.test.ts',
      'infra/**/*.test.ts',
      'tests/api/**/*.ts',
      'tests/instances/**/*.ts',
    ],
    ...vitest.configs.recommended,
    rules: {
      ...vitest.configs.recommended.rules,
      'vitest/no-focused-tests': 'error',
      'vitest/no-disabled-tests': 'error',
      // expect(value, 'what failed') names the failure in the report.
      'vitest/valid-expect': ['error', { maxArgs: 2 }],
      // Shared checks are named expect...(), e.g. expectUnauthorized(); the CDK's template checks assert too.
      'vitest/expect-expect': [
        'error',
        { assertFunctionNames: ['expect', 'expect*', 'assert*', 'template.hasResourceProperties'] },
      ],
    },
  },
  {
    files: ['src/**/*.test.tsx'],
    ...testingLibrary.configs['flat/react'],
  },
  {
    // A file that replaces a module is named *.isolated.test.*: it runs with modules of its own (vitest.config.ts),
    // since a mock in a worker shared with other files can reach them, or miss its own file.
    files: ['src/**/*.test.{ts,tsx}', 'server/**/*.test.ts', 'scripts/**/*.test.ts', 'openapi/**/*.test.ts'],
    ignores: ['**/*.isolated.test.{ts,tsx}'],
    rules: {
      'no-restricted-properties': [
        'error',
        ...CLINIC_CLOCK,
        ...['mock', 'doMock'].map((property) => ({
          object: 'vi',
          property,
          message: 'A test that mocks a module is named *.isolated.test.ts(x), so that it runs on its own.',
        })),
      ],
    },
  },

  {
    // Tests hand the app javascript: addresses to prove it refuses them.
    files: ['src/**/*.test.{ts,tsx}'],
    rules: { 'no-script-url': 'off' },
  },
  {
    // Playwright specs: no focused or skipped tests either.
    files: ['tests/e2e/**/*.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'test', property: 'only', message: 'A focused test hides the others.' },
        { object: 'describe', property: 'only', message: 'A focused test hides the others.' },
      ],
    },
  },
  {
    files: ['server/**/*.ts', 'scripts/**/*.ts', 'tests/**/*.ts', 'openapi/**/*.ts', '*.config.ts', '*.config.js'],
    languageOptions: { globals: globals.node },
  },
  {
    // One way into the contract for everyone outside it, the app included: the @contract alias.
    files: ['server/**/*.ts', 'scripts/**/*.ts', 'tests/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/openapi', '**/openapi/**'], message: 'Import the contract through @contract.' }] },
      ],
    },
  },
  {
    // Access is decided in one place on the server: the services ask server/access, never the rules table.
    files: ['server/**/*.ts'],
    ignores: ['server/access/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ group: ['**/openapi', '**/openapi/**'], message: 'Import the contract through @contract.' }],
          paths: [
            {
              name: '@contract',
              importNames: SERVER_ACCESS_RULES,
              message: 'Ask server/access (requireGrant, listScope, answerFor, requireWritable) instead.',
            },
          ],
        },
      ],
    },
  },
  {
    // Size: a file over 400 lines or a function over 150 does more than one job. Blank lines and comments do not
    // count. The exceptions below name why each is whole; the list only shrinks.
    files: ['**/*.{ts,tsx}'],
    rules: {
      'max-lines': ['error', { max: 400, skipBlankLines: true, skipComments: true }],
      'max-lines-per-function': ['error', { max: 150, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    // A test file's describe and test callbacks hold cases, not logic: only the file's size is limited.
    files: ['**/*.test.{ts,tsx}', 'tests/**/*.ts'],
    rules: { 'max-lines-per-function': 'off' },
  },
  {
    files: Object.keys(OVERSIZED_FILES),
    rules: { 'max-lines': 'off' },
  },
  {
    files: Object.keys(OVERSIZED_FUNCTIONS),
    rules: { 'max-lines-per-function': 'off' },
  },
  { files: ['eslint.config.js'], ...tseslint.configs.disableTypeChecked },
);
