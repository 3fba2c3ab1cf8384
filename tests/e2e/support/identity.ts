import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { RunningApp } from './app';

let counter = 0;

/** A new person: unique e-mail and 10-digit id for each registration. */
export function newPerson(kind: 'trainee' | 'trainer') {
  counter += 1;
  const stamp = `${Date.now()}${counter}`;
  return {
    full_name: kind === 'trainee' ? 'Noura Al-Harbi' : 'Dr. Faisal Al-Omair',
    email: `${kind}.${stamp}@example.com`,
    phone_number: '050 123 4567',
    govt_id_or_iqama_no: stamp.slice(-10).padStart(10, '1'),
    password: 'Strong#Pass9',
  };
}

export type Person = ReturnType<typeof newPerson>;

interface Mail {
  to_address: string;
  subject: string;
  otp: string | null;
}

/**
 * The newest code mailed to `email`, read from the development outbox with the admin token the
 * server wrote to its data folder (as `npm run outbox` does).
 */
export async function latestCode(app: RunningApp, email: string): Promise<string> {
  let code: string | null = null;
  await expect
    .poll(async () => {
      const token = readFileSync(join(app.env.DATA_DIR ?? '', 'admin-token'), 'utf8').trim();
      const response = await fetch(`${app.url}/api/v1/dev/outbox/?to=${encodeURIComponent(email)}`, {
        headers: { 'X-Admin-Token': token },
      });
      const mails = (await response.json()) as Mail[];
      code = mails[0]?.otp ?? null;
      return code;
    })
    .toMatch(/^\d{7}$/);
  return code as unknown as string;
}

/** `npm run admin -- ARGS` against the running app (or its database while it is stopped). */
export function runAdmin(env: Record<string, string>, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', 'admin', '--', ...args], {
      env: { ...process.env, ...env },
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('exit', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`admin exited ${code}: ${output}`)),
    );
  });
}

/** `npm run admin -- approve-trainer EMAIL` against the running app. */
export function approveTrainer(env: Record<string, string>, email: string): Promise<string> {
  return runAdmin(env, ['approve-trainer', email]);
}

/** Fills the registration dialog by label (labels in the active language). */
export async function fillRegistration(
  page: Page,
  person: Person,
  labels: Record<keyof Person | 'confirm', string>,
) {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(labels.full_name, { exact: true }).fill(person.full_name);
  await dialog.getByLabel(labels.email, { exact: true }).fill(person.email);
  await dialog.getByLabel(labels.phone_number, { exact: true }).fill(person.phone_number);
  await dialog.getByLabel(labels.govt_id_or_iqama_no, { exact: true }).fill(person.govt_id_or_iqama_no);
  await dialog.getByLabel(labels.password, { exact: true }).fill(person.password);
  await dialog.getByLabel(labels.confirm, { exact: true }).fill(person.password);
}

export const LABELS = {
  en: {
    full_name: 'Full name',
    email: 'Email',
    phone_number: 'Phone number (optional)',
    govt_id_or_iqama_no: 'Govt ID or Iqama number',
    password: 'Password',
    confirm: 'Confirm password',
  },
  ar: {
    full_name: 'الاسم الكامل',
    email: 'البريد الإلكتروني',
    phone_number: 'رقم الجوال (اختياري)',
    govt_id_or_iqama_no: 'رقم الهوية الوطنية أو الإقامة',
    password: 'كلمة المرور',
    confirm: 'تأكيد كلمة المرور',
  },
} as const;

/** Signs in through the open login dialog (labels in the active language). */
export async function signInThroughDialog(
  page: Page,
  account: { email: string; password: string },
  language: 'en' | 'ar' = 'en',
): Promise<void> {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(LABELS[language].email, { exact: true }).fill(account.email);
  await dialog.getByLabel(LABELS[language].password, { exact: true }).fill(account.password);
  await dialog.getByLabel(LABELS[language].password, { exact: true }).press('Enter');
  await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
}
