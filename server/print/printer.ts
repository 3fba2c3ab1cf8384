import { existsSync } from 'node:fs';
import type { Browser } from 'playwright-core';

/**
 * Documents (receipts, later transcripts and certificates) are printed from HTML by headless
 * Chromium: it joins Arabic letters, orders mixed right-to-left and left-to-right text and embeds a
 * searchable font, which the common JavaScript PDF libraries still get wrong.
 */

/** No Chromium to print with: the caller answers 503 and offers the printable page instead. */
export class PrintUnavailable extends Error {
  constructor(reason: string) {
    super(`PDF printing is unavailable: ${reason}`);
    this.name = 'PrintUnavailable';
  }
}

export interface Printer {
  /** The document as an A4 PDF; throws PrintUnavailable when Chromium cannot be started. */
  pdf(html: string): Promise<Uint8Array>;
  close(): Promise<void>;
}

export interface PrinterOptions {
  /** Chromium's executable; default CHROMIUM_PATH, else /usr/bin/chromium. */
  executablePath?: string;
  /** Documents printed at once; the rest wait their turn. */
  concurrency?: number;
  /** Longest a single print may take. */
  timeoutMs?: number;
}

/** A counting semaphore: at most `size` holders at once, the others queue in order. */
function semaphore(size: number) {
  let free = size;
  const waiting: (() => void)[] = [];
  return async <T>(work: () => Promise<T>): Promise<T> => {
    if (free > 0) free--;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await work();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else free++;
    }
  };
}

/**
 * One Chromium, started on the first print and started again if it goes away; every document gets
 * its own context with the network shut (a document carries its fonts and pictures inline), so a
 * document can neither fetch nor leak anything.
 */
export function createPrinter(options: PrinterOptions = {}): Printer {
  const executablePath = options.executablePath ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  const timeout = options.timeoutMs ?? 20_000;
  const inTurn = semaphore(options.concurrency ?? 2);
  let browser: Promise<Browser> | undefined;

  const started = (): Promise<Browser> => {
    if (!existsSync(executablePath)) {
      return Promise.reject(new PrintUnavailable(`no Chromium at ${executablePath}`));
    }
    // Playwright is loaded with the first print: most server starts never print, and loading it
    // costs each start about a third of a second of CPU.
    browser ??= import('playwright-core')
      .then(({ chromium }) =>
        chromium.launch({
          executablePath,
          args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
        }),
      )
      .then((launched) => {
        launched.on('disconnected', () => {
          browser = undefined;
        });
        return launched;
      })
      .catch((error: unknown) => {
        browser = undefined;
        throw new PrintUnavailable((error as Error).message.split('\n')[0] ?? 'Chromium did not start');
      });
    return browser;
  };

  return {
    pdf: (html) =>
      inTurn(async () => {
        const context = await (await started()).newContext({ javaScriptEnabled: false });
        try {
          await context.route('**/*', (route) => route.abort());
          const page = await context.newPage();
          page.setDefaultTimeout(timeout);
          await page.setContent(html, { waitUntil: 'load' });
          // Fonts are inline (data: addresses); printing waits until they are in use.
          await page.evaluate('document.fonts.ready.then(() => undefined)');
          return await page.pdf({ format: 'A4', printBackground: true, preferCSSPageSize: true });
        } finally {
          await context.close();
        }
      }),
    close: async () => {
      const running = browser;
      browser = undefined;
      await (await running?.catch(() => undefined))?.close();
    },
  };
}
