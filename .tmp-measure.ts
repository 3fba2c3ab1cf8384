import { readFileSync } from 'node:fs';
import { execSync } from 'node:child_process';
import ts from 'typescript';
const root = process.argv[2]!;
const files = execSync(`git -C ${root} ls-files 'src/*.ts' 'src/*.tsx' 'machines/*.ts' 'server/*.ts'`, { encoding: 'utf8' }).trim().split('\n').filter((f) => !f.includes('/locales/'));
const sizes: [string, number][] = [];
const fns: [string, number][] = [];
for (const f of files) {
  const text = readFileSync(`${root}/${f}`, 'utf8');
  sizes.push([f, text.split('\n').length]);
  const sf = ts.createSourceFile(f, text, ts.ScriptTarget.Latest, true, f.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const visit = (node: ts.Node) => {
    if (ts.isFunctionDeclaration(node) || ts.isArrowFunction(node) || ts.isMethodDeclaration(node) || ts.isFunctionExpression(node)) {
      const start = sf.getLineAndCharacterOfPosition(node.getStart()).line;
      const end = sf.getLineAndCharacterOfPosition(node.getEnd()).line;
      let name = ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node) ? node.name?.getText() : undefined;
      if (!name && ts.isVariableDeclaration(node.parent)) name = node.parent.name.getText();
      if (!name && ts.isPropertyAssignment(node.parent)) name = node.parent.name.getText();
      if (!name && ts.isCallExpression(node.parent)) name = `${node.parent.expression.getText().slice(0, 40)}(…)`;
      fns.push([`${f}:${start + 1} ${name ?? '(anonymous)'}`, end - start + 1]);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
}
sizes.sort((a, b) => b[1] - a[1]);
fns.sort((a, b) => b[1] - a[1]);
console.log('files', files.length);
for (const [f, n] of sizes.slice(0, 6)) console.log(`  ${n} ${f}`);
console.log('functions');
for (const [f, n] of fns.slice(0, 6)) console.log(`  ${n} ${f}`);
