import type { PaymentMonth, StaffPayment } from '@contract/wire/staff-payments';
import { SHEET_FONT, sheetFileName, sheetName } from '@/ui/sheets';

/** The sheet's column names in the page's language (the caller translates them). */
export interface PaymentSheetLabels {
  date: string;
  receipt: string;
  trainee: string;
  email: string;
  course: string;
  method: string;
  status: string;
  subtotal: string;
  vat: string;
  total: string;
  refund: string;
  month: string;
  count: string;
  refunded: string;
  months: string;
}

/** Riyals with two decimals, as a number Excel adds up. */
const MONEY = '#,##0.00';
const riyals = (halalas: number) => ({ value: halalas / 100, type: Number, format: MONEY });

/**
 * Writes the payments as .xlsx: the list (one frozen header row, one row per payment, newest first)
 * and a second sheet of the month totals with VAT; amounts are numbers in riyals with 2 decimals;
 * laid out from the right in Arabic. `write-excel-file` is loaded here, only when the staff export.
 */
export async function exportPaymentsSheet(
  payments: readonly StaffPayment[],
  months: readonly PaymentMonth[],
  options: {
    labels: PaymentSheetLabels;
    title: string;
    rightToLeft: boolean;
    courseTitle: (payment: StaffPayment) => string;
    methodName: (payment: StaffPayment) => string;
    statusName: (payment: StaffPayment) => string;
    refundName: (payment: StaffPayment) => string;
    receipt: (payment: StaffPayment) => string;
    time: (at: string) => string;
  },
): Promise<void> {
  const { default: writeXlsxFile } = await import('write-excel-file/browser');
  const { labels } = options;
  const bold = { fontWeight: 'bold' } as const;
  const header = [
    labels.date,
    labels.receipt,
    labels.trainee,
    labels.email,
    labels.course,
    labels.method,
    labels.status,
    labels.subtotal,
    labels.vat,
    labels.total,
    labels.refund,
  ].map((value) => ({ value, ...bold }));
  const rows = payments.map((payment) => [
    { value: options.time(payment.paid_at ?? payment.created_at) },
    { value: options.receipt(payment) },
    { value: payment.trainee.full_name },
    { value: payment.trainee.email },
    { value: options.courseTitle(payment) },
    { value: options.methodName(payment) },
    { value: options.statusName(payment) },
    riyals(payment.subtotal),
    riyals(payment.vat),
    riyals(payment.total),
    { value: options.refundName(payment) },
  ]);
  const monthHeader = [
    labels.month,
    labels.count,
    labels.subtotal,
    labels.vat,
    labels.total,
    labels.refunded,
  ].map((value) => ({ value, ...bold }));
  const monthRows = months.map((month) => [
    { value: month.month },
    { value: month.count, type: Number },
    riyals(month.subtotal),
    riyals(month.vat),
    riyals(month.total),
    riyals(month.refunded),
  ]);
  const today = new Date().toISOString().slice(0, 10);
  await writeXlsxFile(
    [
      {
        data: [header, ...rows],
        sheet: sheetName(options.title),
        columns: [
          { width: 20 },
          { width: 12 },
          { width: 24 },
          { width: 28 },
          { width: 36 },
          { width: 14 },
          { width: 18 },
          { width: 12 },
          { width: 12 },
          { width: 12 },
          { width: 14 },
        ],
        stickyRowsCount: 1,
        rightToLeft: options.rightToLeft,
      },
      {
        data: [monthHeader, ...monthRows],
        sheet: sheetName(labels.months),
        columns: [{ width: 12 }, { width: 10 }, { width: 14 }, { width: 14 }, { width: 14 }, { width: 14 }],
        stickyRowsCount: 1,
        rightToLeft: options.rightToLeft,
      },
    ],
    { fontFamily: SHEET_FONT, fontSize: 11 },
  ).toFile(sheetFileName(options.title, 'KFU Training', today));
}
