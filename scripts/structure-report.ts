/**
 * `npm run structure`: numbers about the code's shape, for reviews of the structure — event casts
 * in machines and views, imports from the server into the web app, the longest files and the
 * longest functions of src/, contract/, machines/ and server/ (tests and catalogues left out).
 * `npx tsx scripts/structure-report.ts <folder>` measures another checkout (an older commit, say).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseAst } from 'rolldown/parseAst';

const root = resolve(process.argv[2] ?? '.');
const files = execFileSync(
  'git',
  ['-C', root, 'ls-files', 'src/*.ts', 'src/*.tsx', 'contract/*.ts', 'machines/*.ts', 'server/*.ts'],
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

/** An ESTree node, as rolldown's parser (oxc) gives it: a type and its place in the text. */
interface AstNode {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

function isNode(value: unknown): value is AstNode {
  return typeof value === 'object' && value !== null && typeof (value as AstNode).type === 'string';
}

/** The nodes directly inside `node`. */
function childrenOf(node: AstNode): AstNode[] {
  const children: AstNode[] = [];
  for (const [key, value] of Object.entries(node)) {
    if (key === 'parent') continue;
    if (Array.isArray(value)) children.push(...value.filter(isNode));
    else if (isNode(value)) children.push(value);
  }
  return children;
}

const FUNCTIONS = new Set(['FunctionDeclaration', 'ArrowFunctionExpression', 'FunctionExpression']);

function nameOf(node: AstNode, parent: AstNode | undefined, text: string): string {
  const id = node.id as AstNode | null | undefined;
  if (id && typeof id.name === 'string') return id.name;
  if (
    parent?.type === 'MethodDefinition' ||
    parent?.type === 'Property' ||
    parent?.type === 'VariableDeclarator'
  ) {
    const key = (parent.key ?? parent.id) as AstNode | undefined;
    if (key) return text.slice(key.start, key.end);
  }
  if (parent?.type === 'CallExpression') {
    const callee = parent.callee as AstNode;
    return `${text.slice(callee.start, callee.end).slice(0, 40)}(…)`;
  }
  return '(anonymous)';
}

for (const file of files) {
  const text = readFileSync(`${root}/${file}`, 'utf8');
  fileSizes.push({ place: file, lines: text.split('\n').length });
  const program = parseAst(text, { lang: file.endsWith('.tsx') ? 'tsx' : 'ts' }, file) as unknown as AstNode;
  const lineStarts = [0];
  for (let index = text.indexOf('\n'); index !== -1; index = text.indexOf('\n', index + 1))
    lineStarts.push(index + 1);
  const lineOf = (position: number) => {
    let low = 0;
    let high = lineStarts.length - 1;
    while (low < high) {
      const middle = Math.ceil((low + high) / 2);
      if ((lineStarts[middle] ?? 0) <= position) low = middle;
      else high = middle - 1;
    }
    return low + 1;
  };
  const visit = (node: AstNode, parent: AstNode | undefined): void => {
    if (FUNCTIONS.has(node.type)) {
      // A method's function starts at its parameters: measure the method from its name.
      const from = parent?.type === 'MethodDefinition' ? parent : node;
      const start = lineOf(from.start);
      functions.push({
        place: `${file}:${start} ${nameOf(node, parent, text)}`,
        lines: lineOf(node.end) - start + 1,
      });
    }
    // `event as …`: an event read by casting instead of assertEvent or typed params.
    if (node.type === 'TSAsExpression') {
      const expression = node.expression as AstNode;
      if (/^event\b/.test(text.slice(expression.start, expression.end))) eventCasts += 1;
    }
    if (
      file.startsWith('server/') &&
      node.type === 'ImportDeclaration' &&
      // The web app's folder or aliases; an older checkout's src/contract was the shared contract.
      /(^|\/)src\/(?!contract\/)|^@\/|^@machines\//.test(String((node.source as AstNode).value))
    ) {
      serverToWeb += 1;
    }
    for (const child of childrenOf(node)) visit(child, node);
  };
  visit(program, undefined);
}

const top = (measures: Measure[]) =>
  [...measures]
    .sort((a, b) => b.lines - a.lines)
    .slice(0, 6)
    .map(({ place, lines }) => `  ${String(lines).padStart(4)}  ${place}`)
    .join('\n');

console.log(`${files.length} files measured in ${root}`);
console.log(`event casts (event as …): ${eventCasts}`);
console.log(`server imports from the web app (src/) or the machines: ${serverToWeb}`);
console.log(`longest files (lines):\n${top(fileSizes)}`);
console.log(`longest functions (lines):\n${top(functions)}`);
