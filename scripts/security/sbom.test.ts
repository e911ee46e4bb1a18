import { describe, expect, it } from 'vitest';
import { missingFromSbom } from './sbom.ts';

describe('missingFromSbom', () => {
  const locked = { 'node_modules/express': { version: '5.3.0' }, 'node_modules/react': { version: '19.3.1' } };

  it('is empty when every production dependency is listed at its locked version', () => {
    const sbom = {
      components: [
        { name: 'express', version: '5.3.0' },
        { name: 'react', version: '19.3.1' },
      ],
    };
    expect(missingFromSbom(sbom, { express: '^5.3.0', react: '^19.3.1' }, locked)).toEqual([]);
  });

  it('finds a dependency that is also in the tree at other versions (a tool’s own nested copy)', () => {
    const sbom = {
      components: [
        { name: 'express', version: '5.3.0' },
        { name: 'react', version: '19.3.1' },
        { name: 'express', version: '4.21.2' },
      ],
    };
    expect(missingFromSbom(sbom, { express: '^5.3.0', react: '^19.3.1' }, locked)).toEqual([]);
  });

  it('names a dependency left out, or listed at another version', () => {
    const sbom = { components: [{ name: 'express', version: '5.2.0' }] };
    expect(missingFromSbom(sbom, { express: '^5.3.0', react: '^19.3.1' }, locked)).toEqual(['express', 'react']);
  });
});
