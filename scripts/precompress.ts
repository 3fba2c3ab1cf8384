/**
 * `tsx scripts/precompress.ts [DIR]` (the last step of `npm run build`): writes the Brotli and gzip
 * forms of the built web app's files (server/precompress.ts); DIR is `dist/` unless given.
 */
import { join, resolve } from 'node:path';
import { ROOT } from '../server/paths';
import { precompressDir } from '../server/precompress';

const dir = resolve(process.argv[2] ?? join(ROOT, 'dist'));
const started = performance.now();
precompressDir(dir).then(
  (written) =>
    console.log(
      `Precompressed ${dir}: ${written} file${written === 1 ? '' : 's'} written in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    ),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
