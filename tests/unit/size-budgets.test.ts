import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ROUTES, readBuild, routeSize, trainerOnlyModules } from '../../scripts/size';

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A small build: an entry, a public view and its messages, a trainer view, and the chunk-modules list. */
function fakeBuild(publicImports: string[]): string {
  const dist = mkdtempSync(join(tmpdir(), 'kfu-size-'));
  made.push(dist);
  mkdirSync(join(dist, '.vite'));
  mkdirSync(join(dist, 'assets'));
  const files = {
    'assets/index.js': 'x'.repeat(100),
    'assets/Home.js': 'y',
    'assets/home-en.js': 'h',
    'assets/Grades.js': 'z',
  };
  for (const [file, text] of Object.entries(files)) writeFileSync(join(dist, file), text);
  writeFileSync(
    join(dist, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index.js', isEntry: true, src: 'index.html' },
      'src/features/home/HomePage.tsx': {
        file: 'assets/Home.js',
        src: 'src/features/home/HomePage.tsx',
        imports: publicImports,
      },
      'src/i18n/locales/en/home.po': { file: 'assets/home-en.js', src: 'src/i18n/locales/en/home.po' },
      'src/features/trainer/GradesPage.tsx': {
        file: 'assets/Grades.js',
        src: 'src/features/trainer/GradesPage.tsx',
      },
    }),
  );
  writeFileSync(
    join(dist, '.vite', 'chunk-modules.json'),
    JSON.stringify({
      'assets/index.js': ['src/main.tsx', 'src/i18n/locales/en/messages.po'],
      'assets/Home.js': ['src/features/home/HomePage.tsx'],
      'assets/home-en.js': ['src/i18n/locales/en/home.po'],
      'assets/Grades.js': ['src/features/trainer/GradesPage.tsx', 'src/features/trainer/grading.ts'],
    }),
  );
  return dist;
}

describe('npm run size', () => {
  it('finds the trainer-only views in the route table', () => {
    const source = `
const Planned = lazyView(() => import('@/features/planned/PlannedPage'));
const Grades = lazyView(() => import('@/features/grading/GradesPage'));
export const routes = [
  { path: '/a', access: 'protected', roles: TRAINEE_ONLY, title: msg\`A\`, view: Planned },
  { path: '/b', access: 'protected', roles: TRAINER_ONLY, title: msg\`B\`, view: Planned },
  { path: '/c', access: 'protected', roles: TRAINER_ONLY, title: msg\`C\`, view: Grades },
];`;
    const patterns = trainerOnlyModules(source);
    const matches = (id: string) => patterns.some((pattern) => pattern.test(id));
    expect(matches('src/features/grading/GradesPage.tsx')).toBe(true);
    expect(matches('src/features/trainer/anything.ts')).toBe(true);
    expect(matches('src/features/planned/PlannedPage.tsx')).toBe(false);
  });

  it('sees no trainer-only view in the route table today but the trainer folder', () => {
    const patterns = trainerOnlyModules(readFileSync('src/app/routes.ts', 'utf8'));
    expect(patterns.map((pattern) => pattern.source)).toEqual(['^src\\/features\\/trainer\\/']);
  });

  it('lists the modules of every chunk a route loads, so a trainer module in a public route shows', () => {
    const clean = readBuild(fakeBuild([]));
    const leaking = readBuild(fakeBuild(['src/features/trainer/GradesPage.tsx']));
    if (!clean || !leaking) throw new Error('no build');
    const home = ROUTES.home;
    expect(routeSize(clean, home)?.modules).not.toContain('src/features/trainer/grading.ts');
    expect(routeSize(leaking, home)?.modules).toContain('src/features/trainer/grading.ts');
    expect(routeSize(leaking, home)?.chunks).toBe(4);
  });
});
