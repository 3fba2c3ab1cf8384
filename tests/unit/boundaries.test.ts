import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The import rules of docs/architecture.md, as the linter enforces them. Each probe is written at
 * its path inside a scratch copy of the project's layout (the project's own Biome configuration,
 * nothing in the working tree), the linter runs once over all of them, and each must be refused or
 * let through.
 */
const BIOME = resolve('node_modules/.bin/biome');
const config = JSON.parse(readFileSync('biome.json', 'utf8')) as {
  $schema?: string;
  vcs?: unknown;
  overrides: { includes: string[] }[];
};

let scratch = '';
const refusedFiles = new Set<string>();

function probeSource(source: string): string {
  return `${source}\nexport const probe = [x];\n`;
}

const refused: [string, string, string][] = [
  [
    'a feature importing another feature',
    'src/features/auth/Probe.tsx',
    "import { x } from '@/features/catalogue/query';",
  ],
  [
    'a feature climbing into another feature',
    'src/features/auth/Probe.tsx',
    "import { x } from '../catalogue/query';",
  ],
  ['a feature importing src/app', 'src/features/home/Probe.tsx', "import { routes } from '@/app/routes';"],
  ['src/ui importing a feature', 'src/ui/Probe.tsx', "import { x } from '@/features/auth/SignInDialog';"],
  ['src/entities importing src/app', 'src/entities/course/Probe.tsx', "import { x } from '@/app/menus';"],
  ['a machine importing the API client', 'machines/one.machine.ts', "import { api } from '../src/api/http';"],
  ['a machine importing React', 'machines/two.machine.ts', "import { useState } from 'react';"],
  ['the server importing the web app', 'server/one.ts', "import { api } from '../src/api/http';"],
  ['the server importing i18n', 'server/routes/probe.ts', "import { x } from '../../src/i18n/index';"],
  [
    'the contract importing the API client',
    'contract/wire/probe.ts',
    "import { api } from '../../src/api/http';",
  ],
  [
    'the contract importing itself by a relative path',
    'contract/forms/probe.ts',
    "import { x } from '../wire/auth';",
  ],
  [
    'a test importing the contract by a relative path',
    'tests/unit/contract-probe.test.ts',
    "import { x } from '../../contract/wire/auth';",
  ],
  [
    'the server importing the contract by a relative path',
    'server/routes/contract-probe.ts',
    "import { x } from '../../contract/wire/auth';",
  ],
];

const allowed: [string, string, string][] = [
  ['a feature importing its own files', 'src/features/catalogue/Probe.tsx', "import { x } from './query';"],
  [
    'a feature importing shared layers',
    'src/features/auth/ProbeThree.tsx',
    "import { x } from '@/ui/forms';",
  ],
  [
    'a machine importing xstate and the contract',
    'machines/probe.machine.ts',
    "import { setup } from 'xstate';\nimport { x } from '@contract/wire/auth';",
  ],
  ['the server importing the contract', 'server/probe.ts', "import { x } from '@contract/wire/auth';"],
  [
    'the contract importing itself',
    'contract/forms/probe-two.ts',
    "import * as z from 'zod/mini';\nimport { x } from '@contract/forms/rules';",
  ],
  ['src/app importing a feature', 'src/app/Probe.tsx', "import x from '@/features/home/HomePage';"],
];

const probes = [...refused, ...allowed];

beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), 'boundaries-'));
  const { $schema: _schema, vcs: _vcs, ...rest } = config;
  writeFileSync(join(scratch, 'biome.json'), JSON.stringify(rest));
  for (const [, path, source] of probes) {
    mkdirSync(dirname(join(scratch, path)), { recursive: true });
    writeFileSync(join(scratch, path), probeSource(source));
  }
  const run = spawnSync(BIOME, ['lint', '--reporter=json', '--max-diagnostics=none', '.'], {
    cwd: scratch,
    encoding: 'utf8',
  });
  const report = JSON.parse(run.stdout) as {
    diagnostics: { category: string; location: { path: { file: string } | string } }[];
  };
  for (const diagnostic of report.diagnostics) {
    if (diagnostic.category !== 'lint/style/noRestrictedImports') continue;
    const { path } = diagnostic.location;
    refusedFiles.add(typeof path === 'string' ? path : path.file);
  }
});

afterAll(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

describe('import boundaries', () => {
  it.each(refused)('refuses %s', (_, path) => {
    expect(refusedFiles).toContain(path);
  });

  it.each(allowed)('allows %s', (_, path) => {
    expect(refusedFiles).not.toContain(path);
  });

  it('gives every feature folder its own rule', () => {
    const covered = new Set(config.overrides.flatMap((override) => override.includes));
    const features = readdirSync('src/features', { withFileTypes: true }).filter((entry) =>
      entry.isDirectory(),
    );
    for (const feature of features) expect(covered).toContain(`src/features/${feature.name}/**`);
  });
});
