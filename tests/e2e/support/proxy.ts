/**
 * Debian's nginx in front of the product's instances, run from the production recipe
 * (deploy/nginx/kfu-training.conf) with the test's ports, names and paths put in: its own master
 * process as the current user, with its pid, temporary files, log and a self-signed certificate
 * in a temporary folder.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from '../../../server/paths';

export const RECIPE = join(ROOT, 'deploy/nginx/kfu-training.conf');
const NGINX = process.env.NGINX_PATH ?? 'nginx';

/** One line of the access log (the recipe's `kfu_training` format). */
export interface ProxiedRequest {
  method: string;
  /** The path, without the query string (the recipe never logs it). */
  path: string;
  status: number;
  /** The instances nginx tried, in order ("127.0.0.1:3001"); the last one answered. */
  upstreams: string[];
}

export interface RunningProxy {
  /** The https address people open: `https://localhost:PORT`. */
  url: string;
  /** The plain-HTTP address, which only redirects. */
  httpUrl: string;
  /** The access log as it stands. */
  accessLog(): string;
  requests(): ProxiedRequest[];
  /**
   * Renders the recipe again, with the instances at these indexes marked `down` (none: all in
   * rotation), and reloads nginx. Sockets already open stay on the old worker until they close.
   */
  reload(down?: number[]): Promise<void>;
  stop(): Promise<void>;
}

export interface ProxyOptions {
  /** The https port (PUBLIC_ORIGIN names it before the instances start). */
  port: number;
  /** The plain-HTTP port. */
  httpPort: number;
  /** The instances' addresses (`http://localhost:PORT`), in the recipe's order. */
  upstreams: string[];
  /** Indexes of instances marked `down` at first. */
  down?: number[];
}

/** `text` with each `[from, to, times]` replaced, failing when the recipe no longer has `from` that many times. */
function substitute(text: string, replacements: [string, string, number][]): string {
  let result = text;
  for (const [from, to, times] of replacements) {
    const found = result.split(from).length - 1;
    if (found !== times)
      throw new Error(`${RECIPE} has "${from}" ${found} time(s), the proxy test expects ${times}`);
    result = result.replaceAll(from, to);
  }
  return result;
}

/** The recipe for this test: its ports, `localhost`, and paths inside `prefix`. */
export function renderRecipe(prefix: string, options: ProxyOptions, down: number[] = []): string {
  const ports = options.upstreams.map((url) => new URL(url).port);
  if (ports.length !== 2) throw new Error('the recipe names two instances');
  const upstream = (index: number) =>
    `server 127.0.0.1:${ports[index]}${down.includes(index) ? ' down' : ''} `;
  return substitute(readFileSync(RECIPE, 'utf8'), [
    ['server 127.0.0.1:3001 ', upstream(0), 1],
    ['server 127.0.0.1:3002 ', upstream(1), 1],
    ['listen 80;', `listen 127.0.0.1:${options.httpPort};`, 1],
    ['listen [::]:80;', '', 1],
    ['listen 443 ssl http2;', `listen 127.0.0.1:${options.port} ssl http2;`, 1],
    ['listen [::]:443 ssl http2;', '', 1],
    ['server_name training.example.edu.sa;', 'server_name localhost;', 2],
    ['/var/log/nginx/kfu-training.access.log', join(prefix, 'access.log'), 2],
    ['/etc/ssl/certs/training.example.edu.sa.fullchain.pem', join(prefix, 'cert.pem'), 1],
    ['/etc/ssl/private/training.example.edu.sa.key', join(prefix, 'key.pem'), 1],
  ]);
}

/** nginx's own settings around the recipe: everything inside `prefix`, errors on stderr. */
function mainConfig(prefix: string): string {
  const temp = (name: string) => `${name}_temp_path ${join(prefix, 'temp', name)};`;
  return `worker_processes 1;
pid ${join(prefix, 'nginx.pid')};
error_log stderr notice;
events { worker_connections 512; }
http {
  ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join('\n  ')}
  include ${join(prefix, 'kfu-training.conf')};
}
`;
}

/** A self-signed certificate for localhost, valid for a day. */
function makeCertificate(prefix: string): void {
  try {
    execFileSync('openssl', ['version'], { stdio: 'ignore' });
  } catch {
    throw new Error('the proxy test needs openssl (Debian package openssl) for its certificate');
  }
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost',
      '-days',
      '1',
      '-keyout',
      join(prefix, 'key.pem'),
      '-out',
      join(prefix, 'cert.pem'),
    ],
    { stdio: 'ignore' },
  );
}

/** Resolves once something accepts connections on the port. */
async function waitForPort(port: number, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}:\n${output()}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`nginx did not listen on ${port}:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const LOG_LINE = /"(\S+) (\S+) [^"]*" (\d{3}) \d+ \S+ "([^"]*)"/;

export function parseAccessLog(log: string): ProxiedRequest[] {
  const requests: ProxiedRequest[] = [];
  for (const line of log.split('\n')) {
    const match = LOG_LINE.exec(line);
    if (!match) continue;
    requests.push({
      method: match[1] ?? '',
      path: match[2] ?? '',
      status: Number(match[3]),
      upstreams: (match[4] ?? '').split(/\s*[,:]\s+/).filter((entry) => entry && entry !== '-'),
    });
  }
  return requests;
}

/** Starts nginx on the recipe, in front of `upstreams`; resolves once it listens. */
export async function startProxy(options: ProxyOptions): Promise<RunningProxy> {
  const prefix = mkdtempSync(join(tmpdir(), 'kfu-nginx-'));
  // Run as root, nginx's workers drop to `nobody`, and must reach the temporary folders.
  chmodSync(prefix, 0o755);
  mkdirSync(join(prefix, 'temp'));
  makeCertificate(prefix);
  const siteFile = join(prefix, 'kfu-training.conf');
  writeFileSync(siteFile, renderRecipe(prefix, options, options.down));
  const mainFile = join(prefix, 'nginx.conf');
  writeFileSync(mainFile, mainConfig(prefix));

  const child = spawn(NGINX, ['-e', 'stderr', '-p', prefix, '-c', mainFile, '-g', 'daemon off;'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const failed = new Promise<never>((_, reject) => child.once('error', reject));
  await Promise.race([waitForPort(options.port, child, () => output), failed]);

  const accessLog = () => {
    try {
      return readFileSync(join(prefix, 'access.log'), 'utf8');
    } catch {
      return '';
    }
  };
  return {
    url: `https://localhost:${options.port}`,
    httpUrl: `http://localhost:${options.httpPort}`,
    accessLog,
    requests: () => parseAccessLog(accessLog()),
    async reload(down = []) {
      writeFileSync(siteFile, renderRecipe(prefix, options, down));
      const before = output.length;
      child.kill('SIGHUP');
      // The master says so once the new workers run, or why it kept the old configuration.
      const deadline = Date.now() + 10_000;
      while (!/start worker process/.test(output.slice(before))) {
        if (/\[emerg\]/.test(output.slice(before))) throw new Error(`nginx refused the reload:\n${output}`);
        if (Date.now() > deadline) throw new Error(`nginx did not reload:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
        await exited;
        clearTimeout(timer);
      }
      rmSync(prefix, { recursive: true, force: true });
    },
  };
}
