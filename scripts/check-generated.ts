/**
 * Generated code is generated: the API types from openapi/clinic.yaml and the
 * route tree from src/routes. This regenerates both and fails when either
 * committed file was stale (the fresh version is left in place to commit).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { Generator, getConfig } from '@tanstack/router-generator';

const root = path.resolve(import.meta.dirname, '..');
const read = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8') : '');

async function regenerate(file: string, generate: () => Promise<void> | void): Promise<boolean> {
  const before = read(file);
  await generate();
  const fresh = before === read(file);
  console.log(`${fresh ? 'fresh' : 'STALE'} ${path.relative(root, file)}`);
  return fresh;
}

const apiTypes = path.join(root, 'openapi/schema.gen.ts');
const routeTree = path.join(root, 'src/routeTree.gen.ts');

const results = [
  await regenerate(apiTypes, () => {
    execFileSync(
      process.execPath,
      [
        path.join(root, 'node_modules/openapi-typescript/bin/cli.js'),
        'openapi/clinic.yaml',
        '--enum-values',
        '--root-types',
        '--root-types-no-schema-prefix',
        '-o',
        apiTypes,
      ],
      { cwd: root, stdio: 'ignore' },
    );
  }),
  await regenerate(routeTree, async () => {
    const config = getConfig({ routesDirectory: './src/routes', generatedRouteTree: './src/routeTree.gen.ts' }, root);
    await new Generator({ config, root }).run();
  }),
];

if (results.includes(false)) {
  console.error('Generated files were stale and have been regenerated: commit them (npm run gen:api, npm run build).');
  process.exit(1);
}
