import { receiptCode } from '@contract/domain/money';
import { SERVER_MESSAGES } from '@contract/messages/server-messages';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { requireAuth, requireRole } from '../auth/middleware';
import type { Deps } from '../deps';
import { type AppEnv, HttpProblem } from '../http';
import { logFailure } from '../logging';
import type { Mounts } from '../mounts';
import { createPrinter, type Printer, PrintUnavailable } from '../print/printer';
import { findReceipt, isUuid } from './queries';
import { receiptDocument } from './receipt-document';

let sharedPrinter: Printer | undefined;

/** One printer for the process: Chromium starts on the first print. */
export function defaultPrinter(): Printer {
  sharedPrinter ??= createPrinter();
  return sharedPrinter;
}

function paymentId(c: Context): string {
  const id = c.req.param('id') ?? '';
  if (!isUuid(id)) throw new HttpProblem(404, SERVER_MESSAGES.notFound);
  return id.toLowerCase();
}

type Receipt = NonNullable<Awaited<ReturnType<typeof findReceipt>>>;

/** The receipt printed as a PDF download; 503 with a sentence when the server cannot print. */
export async function receiptPdfAnswer(c: Context, printer: Printer, receipt: Receipt): Promise<Response> {
  let pdf: Uint8Array;
  try {
    pdf = await printer.pdf(receiptDocument(receipt));
  } catch (error) {
    if (error instanceof PrintUnavailable) {
      logFailure(c, 'the receipt could not be printed', error);
      throw new HttpProblem(503, SERVER_MESSAGES.printUnavailable);
    }
    throw error;
  }
  return c.body(pdf as Uint8Array<ArrayBuffer>, 200, {
    'Content-Type': 'application/pdf',
    'Content-Disposition': `attachment; filename="receipt-${receiptCode(receipt.receipt_number)}.pdf"`,
    'Cache-Control': 'private, no-store',
  });
}

/**
 * GET /payments/{id}/receipt.pdf: the receipt as a simplified tax invoice in English and Arabic,
 * printed by Chromium (server/print). Only the payment's owner; 503 with a sentence when the server
 * cannot print (the app then offers its printable receipt page).
 */
export function receiptPdfRoutes(deps: Deps, printer: Printer): Mounts {
  const { db, tokens, limiter } = deps;
  const routes = new Hono<AppEnv>();
  routes.get('/', requireAuth(db, tokens), requireRole('TRAINEE'), async (c) => {
    const user = c.get('user');
    const receipt = await findReceipt(db, paymentId(c), user.id);
    if (!receipt) throw new HttpProblem(404, SERVER_MESSAGES.notFound);
    await limiter.assertOpen('receiptPdfAccount', String(user.id));
    await limiter.count('receiptPdfAccount', String(user.id));
    return receiptPdfAnswer(c, printer, receipt);
  });
  return [['/payments/:id/receipt.pdf', routes]];
}
