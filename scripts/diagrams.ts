import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { diagramsDir, renderAllDiagrams, repoRoot } from './diagram-lib.ts';

/** `npm run diagrams`: regenerates machines/diagrams/<name>.md for every machines/<name>.machine.ts. */
async function main(): Promise<void> {
  const diagrams = await renderAllDiagrams();
  await mkdir(diagramsDir, { recursive: true });

  for (const diagram of diagrams) {
    const file = join(repoRoot, diagram.path);
    const previous = await readFile(file, 'utf8').catch(() => undefined);
    if (previous === diagram.content) {
      console.log(`unchanged ${diagram.path}`);
    } else {
      await writeFile(file, diagram.content);
      console.log(`${previous === undefined ? 'created' : 'updated'} ${diagram.path}`);
    }
  }

  const expected = new Set(diagrams.map((diagram) => diagram.path.split('/').pop()));
  for (const name of (await readdir(diagramsDir)).sort()) {
    if (name.endsWith('.md') && !expected.has(name)) {
      await rm(join(diagramsDir, name));
      console.log(`removed machines/diagrams/${name} (its machine no longer exists)`);
    }
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
