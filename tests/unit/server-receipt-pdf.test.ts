import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { SERVER_MESSAGES } from '@contract/messages/server-messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffAuthorization } from '../../server/cli-login';
import { createPrinter } from '../../server/print/printer';
import { signedInTrainee, startTestServer, type TestServer } from '../../server/testing';

let server: TestServer;
let noPrinter: TestServer;
let courseId = 0;

beforeAll(async () => {
  server = await startTestServer();
  noPrinter = await startTestServer({ printer: createPrinter({ executablePath: '/nonexistent/chromium' }) });
  const { rows } = await server.db.query<{ id: number }>(
    `SELECT id FROM courses WHERE status = 'Approved' AND price_halalas > 0 ORDER BY id LIMIT 1`,
  );
  courseId = rows[0]?.id ?? 0;
}, 90_000);

afterAll(async () => {
  await noPrinter?.close();
  await server?.close();
});

async function trainee(on = server): Promise<string> {
  return (await signedInTrainee(on, 'holder')).token;
}

const api = (base: string, path: string, init: RequestInit = {}) => fetch(`${base}/api/v1${path}`, init);

/** A cash payment the centre has confirmed: paid, with a receipt. */
async function paidPayment(token: string, on = server): Promise<string> {
  const created = await api(on.url, '/payments/', {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      course_id: courseId,
      method: 'cash',
      idempotency_key: randomUUID(),
      terms_accepted: true,
    }),
  });
  const { id } = (await created.json()) as { id: string };
  const confirmed = await api(on.url, '/admin/confirm-payment/', {
    method: 'POST',
    headers: { ...staffAuthorization(on.staffToken), 'Content-Type': 'application/json' },
    body: JSON.stringify({ payment_id: id }),
  });
  expect(confirmed.status).toBe(200);
  return id;
}

describe('GET /payments/{id}/receipt.pdf', () => {
  it('gives the owner the simplified tax invoice as a PDF, in both languages', async () => {
    const token = await trainee();
    const id = await paidPayment(token);
    const receipt = (await (
      await api(server.url, `/payments/${id}/receipt/`, { headers: { Authorization: `Bearer ${token}` } })
    ).json()) as { seller_name_ar: string; receipt_number: number; vat_number: string };
    const answer = await api(server.url, `/payments/${id}/receipt.pdf`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/pdf');
    expect(answer.headers.get('content-disposition')).toMatch(
      /^attachment; filename="receipt-KFU-\d{6}\.pdf"$/,
    );
    expect(answer.headers.get('cache-control')).toBe('private, no-store');
    const text = execFileSync('pdftotext', ['-enc', 'UTF-8', '-', '-'], {
      input: Buffer.from(await answer.arrayBuffer()),
    })
      .toString('utf8')
      .replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '');
    expect(text).toContain('Simplified Tax Invoice');
    expect(text).toContain('فاتورة ضريبية مبسطة');
    expect(text).toContain(receipt.seller_name_ar);
    expect(text).toContain(receipt.vat_number);
    expect(text).toContain(`KFU-${String(receipt.receipt_number).padStart(6, '0')}`);
  });

  it('is not found for anyone else, or for a payment that is not paid', async () => {
    const id = await paidPayment(await trainee());
    const other = await trainee();
    const answer = await api(server.url, `/payments/${id}/receipt.pdf`, {
      headers: { Authorization: `Bearer ${other}` },
    });
    expect(answer.status).toBe(404);
    const unknown = await api(server.url, `/payments/${randomUUID()}/receipt.pdf`, {
      headers: { Authorization: `Bearer ${other}` },
    });
    expect(unknown.status).toBe(404);
  });

  it('answers 503 with a sentence when the server cannot print', async () => {
    const token = await trainee(noPrinter);
    const id = await paidPayment(token, noPrinter);
    const answer = await api(noPrinter.url, `/payments/${id}/receipt.pdf`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(answer.status).toBe(503);
    expect(await answer.json()).toMatchObject({ details: [{ message: SERVER_MESSAGES.printUnavailable }] });
  });
});
