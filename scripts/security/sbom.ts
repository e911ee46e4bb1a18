/**
 * `npm run check:sbom`: writes the software bill of materials of Thrive (every
 * package of the lock file: what runs in production, and the tools that build
 * and test it, marked by their scope) as CycloneDX JSON to
 * reports/sbom.cdx.json, and checks it names every production dependency at
 * its locked version. (npm's `--omit dev` drops some production packages that
 * development tools also use, so the whole tree is listed.) The file is a
 * build artefact for whoever deploys (not served with the app: a public list
 * of versions helps an attacker more than a visitor).
 */
import { execFile } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

const root = path.resolve(import.meta.dirname, '../..');
export const SBOM_FILE = path.join(root, 'reports', 'sbom.cdx.json');

interface CycloneDx {
  bomFormat?: string;
  specVersion?: string;
  components?: { name: string; version: string; purl?: string }[];
}

/** Production dependencies of package.json missing from the SBOM, or at another version than the lock file's. */
export function missingFromSbom(
  sbom: CycloneDx,
  dependencies: Readonly<Record<string, string>>,
  locked: Readonly<Record<string, { version?: string }>>,
): string[] {
  // A package may be in the tree at several versions (a tool's own copy nested beside ours): any of them will do.
  const versions = new Map<string, Set<string>>();
  for (const component of sbom.components ?? []) {
    versions.set(component.name, (versions.get(component.name) ?? new Set()).add(component.version));
  }
  return Object.keys(dependencies).filter((name) => {
    const version = locked[`node_modules/${name}`]?.version;
    return version === undefined || !versions.get(name)?.has(version);
  });
}

async function main(): Promise<void> {
  const { stdout } = await promisify(execFile)(
    'npm',
    ['sbom', '--sbom-format', 'cyclonedx', '--sbom-type', 'application'],
    { cwd: root, maxBuffer: 64 * 1024 * 1024 },
  );
  const sbom = JSON.parse(stdout) as CycloneDx;
  if (sbom.bomFormat !== 'CycloneDX' || !sbom.specVersion) throw new Error('npm sbom did not write CycloneDX.');
  const manifest = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  const lock = JSON.parse(await readFile(path.join(root, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, { version?: string }>;
  };
  const missing = missingFromSbom(sbom, manifest.dependencies, lock.packages);
  if (missing.length > 0)
    throw new Error(`The SBOM lacks these dependencies at their locked versions: ${missing.join(', ')}`);
  await mkdir(path.dirname(SBOM_FILE), { recursive: true });
  await writeFile(SBOM_FILE, `${JSON.stringify(sbom, null, 2)}\n`);
  console.log(
    `SBOM (CycloneDX ${sbom.specVersion}, ${sbom.components?.length ?? 0} components) written to ${path.relative(root, SBOM_FILE)}`,
  );
}

if (import.meta.filename === process.argv[1]) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
