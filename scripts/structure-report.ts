/**
 * `npm run structure`: numbers about the code's shape, for reviews of the structure — event casts
 * in machines and views, imports from the server into the web app, the longest files and the
 * longest functions of src/, machines/ and server/ (tests and catalogues left out).
 * `npx tsx scripts/structure-report.ts <folder>` measures another checkout (an older commit, say).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import ts from 'typescript';

const root = resolve(process.argv[2] ?? '.');
const files = execFileSync(
  'git',
  ['-C', root, 'ls-files', 'src/*.ts', 'src/*.tsx', 'machines/*.ts', 'server/*.ts'],
  { encoding: 'utf8' },
)
  .trim()
  .split('\n')
  .filter((file) => !file.includes('/locales/') && !file.endsWith('.d.ts'));

interface Measure {
  place: string;
  lines: number;
}

const fileSizes: Measure[] = [];
const functions: Measure[] = [];
let eventCasts = 0;
let serverToWeb = 0;

function nameOf(node: ts.FunctionLikeDeclaration): string {
  if ((ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node)) && node.name)
    return node.name.getText();
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) return parent.name.getText();
  if (ts.isCallExpression(parent)) return `${parent.expression.getText().slice(0, 40)}(…)`;
  return '(anonymous)';
}

for (const file of files) {
  const text = readFileSync(`${root}/${file}`, 'utf8');
  fileSizes.push({ place: file, lines: text.split('\n').length });
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const lineOf = (position: number) => source.getLineAndCharacterOfPosition(position).line + 1;
  const visit = (node: ts.Node): void => {
    if (
      ts.isFunctionDeclaration(node) ||
      ts.isArrowFunction(node) ||
      ts.isMethodDeclaration(node) ||
      ts.isFunctionExpression(node)
    ) {
      const start = lineOf(node.getStart());
      functions.push({ place: `${file}:${start} ${nameOf(node)}`, lines: lineOf(node.getEnd()) - start + 1 });
    }
    // `event as …`: an event read by casting instead of assertEvent or typed params.
    if (ts.isAsExpression(node) && /^event\b/.test(node.expression.getText())) eventCasts += 1;
    if (
      file.startsWith('server/') &&
      ts.isImportDeclaration(node) &&
      /(^|\/)src\/(?!contract\/)/.test((node.moduleSpecifier as ts.StringLiteral).text)
    ) {
      serverToWeb += 1;
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}

const top = (measures: Measure[]) =>
  [...measures]
    .sort((a, b) => b.lines - a.lines)
    .slice(0, 6)
    .map(({ place, lines }) => `  ${String(lines).padStart(4)}  ${place}`)
    .join('\n');

console.log(`${files.length} files measured in ${root}`);
console.log(`event casts (event as …): ${eventCasts}`);
console.log(`server imports from src/ outside src/contract: ${serverToWeb}`);
console.log(`longest files (lines):\n${top(fileSizes)}`);
console.log(`longest functions (lines):\n${top(functions)}`);
