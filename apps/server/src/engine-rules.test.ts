import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { packagesBeyondNode } from '../../../scripts/engine-rules.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const readJson = (file: string) => JSON.parse(fs.readFileSync(path.join(root, file), 'utf8'));

describe('the Node the project promises', () => {
  it('every package in the lockfile runs on it, so npm install warns no EBADENGINE', () => {
    const promised: string = readJson('package.json').engines.node;
    expect(promised).toBe('>=20.19');
    expect(packagesBeyondNode(readJson('package-lock.json'), promised)).toEqual([]);
  });

  it('names a package that wants a newer Node, and passes ranges that include the promised one', () => {
    const lock = {
      packages: {
        '': { version: '1.0.0', engines: { node: '>=20.19' } },
        'node_modules/cookie': { version: '2.0.2', engines: { node: '>=22' } },
        'node_modules/docx/node_modules/nanoid': { version: '6.0.2', engines: { node: '^22 || ^24 || >=26' } },
        'node_modules/content-disposition': { version: '2.0.1', engines: { node: '>=18' } },
        'node_modules/old': { version: '0.1.0', engines: ['node >= 0.8'] },
        'node_modules/plain': { version: '1.0.0' },
      },
    };
    expect(packagesBeyondNode(lock, '>=20.19')).toEqual([
      'node_modules/cookie (2.0.2) wants Node >=22, not 20.19.0',
      'node_modules/docx/node_modules/nanoid (6.0.2) wants Node ^22 || ^24 || >=26, not 20.19.0',
    ]);
    expect(packagesBeyondNode(lock, '>=22')).toEqual([]);
  });
});
