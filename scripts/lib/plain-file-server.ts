/**
 * The yardstick of the stored-files benchmark (scripts/bench-files.ts): a plain Node `http` server
 * that streams one file with `fs.createReadStream`, answering one byte range with 206. Run as its own
 * process (`node --import tsx scripts/lib/plain-file-server.ts FILE`); prints `port NNNN` once it listens.
 */
import { createReadStream, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

const file = process.argv[2];
if (!file) throw new Error('Usage: plain-file-server.ts FILE');
const { size } = statSync(file);

const server = createServer((request, response) => {
  const match = /^bytes=(\d+)-(\d+)$/.exec(request.headers.range ?? '');
  if (!match) {
    response.writeHead(200, { 'Content-Type': 'video/mp4', 'Content-Length': size });
    createReadStream(file).pipe(response);
    return;
  }
  const start = Number(match[1]);
  const end = Math.min(Number(match[2]), size - 1);
  response.writeHead(206, {
    'Content-Type': 'video/mp4',
    'Content-Length': end - start + 1,
    'Content-Range': `bytes ${start}-${end}/${size}`,
  });
  createReadStream(file, { start, end }).pipe(response);
});

server.listen(0, '127.0.0.1', () => {
  console.log(`port ${(server.address() as AddressInfo).port}`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
