import type { Category } from '@contract/wire/courses';
import { describe, expect, it } from 'vitest';
import { paths } from '@/routing/paths';
import { DEMO_ACCOUNTS } from '../../server/demo-accounts';
import type { Visit } from './pages/visit';
import { expectNoAxeViolations, expectNoHorizontalScroll } from './support/browser';
import { signInWithTokens } from './support/session';
import { productSuite } from './support/suite';

const suite = productSuite();
const STAFF = DEMO_ACCOUNTS.staff;

/** The staff's categories page, read. */
async function openCategories(visit: Visit) {
  const { page, screen, t } = visit;
  await signInWithTokens(suite.app, visit.context, STAFF);
  await page.goto(paths.staffCategories());
  await expect.poll(() => screen.title()).toBe(t('Course categories'));
  await expect.poll(() => screen.main.getByRole('listitem').count()).toBeGreaterThan(3);
  return screen.main.getByRole('listitem');
}

/** What visitors and trainers are offered: the catalogue's filter and the course form's choice. */
const offered = async () =>
  (await suite.read<Category[]>('/course/category/')).map((category) => category.name);

describe('course categories in the back office', () => {
  it('adds one with both names, moves it up, hides and shows it, renames it and deletes it (en, desktop)', async () => {
    const visit = await suite.open({ language: 'en', width: 'desktop', path: paths.home() });
    const { page, screen, problems } = visit;
    const rows = await openCategories(visit);
    const before = await rows.count();
    await expectNoAxeViolations(page);

    // The Arabic name forgotten: said at its field, the English kept.
    const english = screen.main.getByRole('textbox', { name: 'Name in English' });
    const arabic = screen.main.getByRole('textbox', { name: 'Name in Arabic' });
    await english.fill('Cyber Security');
    await screen.main.getByRole('button', { name: 'Add the category' }).click();
    await expect.poll(() => arabic.getAttribute('aria-invalid')).toBe('true');
    expect(await screen.mainText()).toContain('Give the category a name in Arabic');
    expect(await english.inputValue()).toBe('Cyber Security');
    await arabic.fill('الأمن السيبراني');
    await screen.main.getByRole('button', { name: 'Add the category' }).click();
    await expect.poll(() => screen.toast('The category is added').count()).toBe(1);
    await expect.poll(() => rows.count()).toBe(before + 1);
    expect(await rows.last().textContent()).toContain('Cyber Security');
    expect(await english.inputValue()).toBe('');
    expect((await offered()).at(-1)).toBe('Cyber Security');

    const row = rows.filter({ hasText: 'Cyber Security' });
    await row.getByRole('button', { name: /^Move up/ }).click();
    await expect.poll(() => rows.nth(before - 1).textContent()).toContain('Cyber Security');
    expect((await offered()).at(-2)).toBe('Cyber Security');

    await row.getByRole('button', { name: /^Hide/ }).click();
    await expect.poll(() => row.textContent()).toContain('Hidden');
    expect(await offered()).not.toContain('Cyber Security');
    await row.getByRole('button', { name: /^Show/ }).click();
    await expect.poll(() => row.textContent()).not.toContain('Hidden');
    expect(await offered()).toContain('Cyber Security');

    await row.getByRole('button', { name: /^Rename/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Name in English' }).fill('Cybersecurity');
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Save the names' }).click();
    await expect.poll(() => screen.toast('The category is renamed').count()).toBe(1);
    await expect.poll(() => dialog.count()).toBe(0);
    expect(await offered()).toContain('Cybersecurity');

    const renamed = rows.filter({ hasText: 'Cybersecurity' });
    await renamed.getByRole('button', { name: /^Delete/ }).click();
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect.poll(() => screen.toast('The category is deleted').count()).toBe(1);
    await expect.poll(() => rows.count()).toBe(before);
    expect(await offered()).not.toContain('Cybersecurity');
    expect(problems).toEqual([]);
  });

  it('keeps a category that holds courses, saying why in Arabic, and renames in a dialog that fits a phone (ar, phone)', async () => {
    const visit = await suite.open({ language: 'ar', width: 'phone', path: paths.home() });
    const { page, t, problems } = visit;
    const rows = await openCategories(visit);
    await expectNoAxeViolations(page);
    await expectNoHorizontalScroll(page);

    const first = rows.first();
    const name = (await first.locator('bdi').first().textContent()) ?? '';
    await first.getByRole('button', { name: new RegExp(`^${t('Delete')}`) }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: t('Delete'), exact: true }).click();
    await expect
      .poll(() => dialog.getByRole('alert').textContent())
      .toBe(
        t('This category still holds courses: move them to another category first, or hide the category'),
      );
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: t('Back') }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    expect(await first.textContent()).toContain(name);

    await first.getByRole('button', { name: new RegExp(`^${t('Rename')}`) }).click();
    const arabic = dialog.getByRole('textbox', { name: t('Name in Arabic') });
    expect(await arabic.inputValue()).toBe(name);
    expect(await arabic.getAttribute('dir')).toBe('rtl');
    await arabic.fill('');
    await dialog.getByRole('button', { name: t('Save the names') }).click();
    await expect.poll(() => arabic.getAttribute('aria-invalid')).toBe('true');
    expect(await dialog.textContent()).toContain(t('Give the category a name in Arabic'));
    await expectNoHorizontalScroll(page);
    await dialog.getByRole('button', { name: t('Back') }).click();
    expect(problems).toEqual([]);
  });
});
