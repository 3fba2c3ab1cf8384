/**
 * The concurrent mode of `npm run bench` (`-- --concurrent`): autocannon holds a number of
 * connections open against the server (50 by default), each sending its next request as soon as
 * the last is answered, and reports requests per second and latency percentiles per case.
 */
import autocannon from 'autocannon';

/** What a browser sends: the answers are compressed as a visitor's would be. */
const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br', accept: 'application/json' };

export interface LoadCase {
  label: string;
  path: string;
}

export interface LoadOptions {
  connections: number;
  /** Seconds of load per case, after `warmUpSeconds` of load that is not counted. */
  seconds: number;
  warmUpSeconds: number;
}

export interface LoadResult {
  loadCase: LoadCase;
  requests: number;
  perSecond: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  /** Answers other than 2xx, and connection errors or time-outs: any of them spoils the figures. */
  failures: number;
  /** Mean size of an answer on the wire (headers and body). */
  bytesPerAnswer: number;
}

function cannon(origin: string, loadCase: LoadCase, connections: number, seconds: number) {
  return autocannon({
    url: origin + loadCase.path,
    connections,
    duration: seconds,
    headers: BROWSER_HEADERS,
    // One request after the other on each connection, as a browser does.
    pipelining: 1,
    timeout: 10,
  });
}

/** Loads one case and measures it. */
export async function loadOne(origin: string, loadCase: LoadCase, options: LoadOptions): Promise<LoadResult> {
  if (options.warmUpSeconds > 0) await cannon(origin, loadCase, options.connections, options.warmUpSeconds);
  const result = await cannon(origin, loadCase, options.connections, options.seconds);
  const requests = result.requests.total;
  return {
    loadCase,
    requests,
    perSecond: requests / result.duration,
    p50: result.latency.p50,
    p90: result.latency.p90,
    p99: result.latency.p99,
    max: result.latency.max,
    failures: result.non2xx + result.errors + result.timeouts,
    bytesPerAnswer: requests > 0 ? result.throughput.total / requests : 0,
  };
}

const spaced = (n: number) => Math.round(n).toLocaleString('en-US').replaceAll(',', ' ');
const ms = (value: number) => `${value.toFixed(value < 10 ? 1 : 0)} ms`;

/** The results as a table for the console. */
export function loadTable(results: LoadResult[], options: LoadOptions, title: string): string[] {
  const head = `${title}, ${options.connections} connections, ${options.seconds} s each`;
  const width = Math.max(head.length, ...results.map((result) => result.loadCase.label.length)) + 3;
  const cell = (text: string) => text.padEnd(10);
  const failed = results.some((result) => result.failures > 0);
  return [
    head.padEnd(width) +
      ['req/s', 'p50', 'p90', 'p99', 'max', 'bytes'].map(cell).join('') +
      (failed ? 'failures' : ''),
    ...results.map(
      (result) =>
        result.loadCase.label.padEnd(width) +
        [
          spaced(result.perSecond),
          ms(result.p50),
          ms(result.p90),
          ms(result.p99),
          ms(result.max),
          spaced(result.bytesPerAnswer),
        ]
          .map(cell)
          .join('') +
        (failed ? String(result.failures) : ''),
    ),
  ];
}
