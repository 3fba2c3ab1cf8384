import { describe, expect, it } from 'vitest';
import type { Language } from '@/i18n/languages';
import { paths } from '@/routing/paths';
import { pngOf } from '../fixtures/images';
import { expectNoAxeViolations, type Width } from './support/browser';
import { latestCode, verifiedTrainee } from './support/identity';
import { signInWithTokens } from './support/session';
import { productSuite } from './support/suite';

const suite = productSuite();

/** Digits as an Arabic keyboard types them. */
const arabicDigits = (digits: string) =>
  digits.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)));

/** A new verified trainee, signed in, on /profile. */
async function onProfile(language: Language, width: Width = 'desktop') {
  const { person } = await verifiedTrainee(suite.app);
  const visit = await suite.open({ language, width });
  await signInWithTokens(suite.app, visit.context, person);
  await visit.goto(paths.profile());
  await expect.poll(() => visit.profile.editButton.count()).toBe(1);
  return { person, visit };
}

let ids = 0;
/** An id number no other test uses. */
function newId(): string {
  ids += 1;
  return `19${String(Date.now()).slice(-6)}${String(ids).padStart(2, '0')}`;
}

describe('profile details', () => {
  // Each language and each width once: the screen and its dialogs are in the matrix's four.
  for (const [language, width] of [
    ['en', 'desktop'],
    ['ar', 'phone'],
  ] as const) {
    it(`keeps bad input with its messages, then saves (${language}, ${width}); the screen and dialogs pass axe`, async () => {
      const { person, visit } = await onProfile(language, width);
      const { t, page, profile, screen, header, problems } = visit;
      expect(await screen.title()).toBe(t('Profile'));
      expect(await profile.detailsText()).toContain(person.email);
      await expectNoAxeViolations(page);

      await profile.edit();
      await profile.form.fill({ full_name: ' ', phone_number: '12a', govt_id_or_iqama_no: '123' });
      await profile.form.send();
      await expect.poll(() => profile.form.text()).toContain(t('Name is required'));
      const shown = await profile.form.text();
      for (const message of [
        'Phone number must contain only numbers',
        'govt id or iqama no must be at least 10 characters',
        'User type is required',
      ]) {
        expect(shown).toContain(t(message));
      }
      expect(await profile.form.value('phone_number')).toBe('12a');
      await expect.poll(() => screen.focusedField()).toBe('full_name');
      await expectNoAxeViolations(page);

      // Arabic-Indic digits are taken in the phone and the id number.
      const id = newId();
      const phone = `05${id.slice(-8)}`;
      const typed = (digits: string) => (language === 'ar' ? arabicDigits(digits) : digits);
      await profile.form.fill({
        full_name: 'Noura Al-Dossary',
        phone_number: typed(phone),
        govt_id_or_iqama_no: typed(id),
      });
      await profile.chooseUserType('Private Sector');
      await profile.form.send();
      await expect.poll(() => screen.toast('Your profile has been saved').count()).toBe(1);
      const details = await profile.detailsText();
      for (const expected of ['Noura Al-Dossary', phone, id, t('Private Sector')])
        expect(details).toContain(expected);
      if (width === 'desktop') await expect.poll(() => header.text()).toContain('Noura Al-Dossary');

      await profile.openChangePassword();
      await expect.poll(() => profile.dialog.title()).toBe(t('Change password'));
      await profile.changePassword('', 'short', 'other');
      await expect.poll(() => profile.dialog.text()).toContain(t('Current password is required'));
      expect(await profile.dialog.text()).toContain(t('Password must be at least 10 characters'));
      await expectNoAxeViolations(page);
      await profile.dialog.close();
      await profile.dialog.waitUntilClosed();

      await profile.openCloseAccount();
      await expect.poll(() => profile.dialog.title()).toBe(t('Close account'));
      await expectNoAxeViolations(page);
      await profile.dialog.close();
      expect(problems).toEqual([]);
    });
  }
});

describe('the photo', () => {
  it('shows a preview, uploads it, and the header shows it at once; a text file is refused', async () => {
    const { person, visit } = await onProfile('en');
    const { profile, header, screen, problems } = visit;
    expect(await header.avatar(person.full_name)).toBe('/media/avatars/person.svg');

    await profile.choosePhoto({
      name: 'notes.png',
      mimeType: 'text/plain',
      buffer: Buffer.from('not a picture'),
    });
    await expect.poll(() => profile.photoAlert()).toBe('The photo must be a JPEG, PNG or WebP image');

    await profile.choosePhoto({ name: 'me.png', mimeType: 'image/png', buffer: pngOf(96, [180, 83, 9]) });
    await expect.poll(() => profile.shownPhoto('preview').getAttribute('src')).toMatch(/^blob:/);
    await expectNoAxeViolations(visit.page);
    await profile.uploadPhoto();
    await expect.poll(() => screen.toast('File has been uploaded successfully').count()).toBe(1);
    await expect
      .poll(() => profile.shownPhoto('saved').getAttribute('src'))
      .toMatch(/^\/api\/v1\/user\/photos\//);
    const saved = await profile.shownPhoto('saved').getAttribute('src');
    await expect.poll(() => header.avatar(person.full_name)).toBe(saved);
    // The picture is really there.
    expect(await profile.shownPhoto('saved').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(96);
    expect(problems).toEqual([]);
  });
});

describe('changing the password', () => {
  it('keeps this session, and afterwards the old password is refused and the new one works (ar)', async () => {
    const { person, visit } = await onProfile('ar', 'phone');
    const { t, profile, screen } = visit;
    const next = 'Another#Pass2027';
    // A session on another device, started before the change.
    const elsewhere = await signInWithTokens(suite.app, (await suite.open()).context, person);
    expect((await suite.call('/user/profile/', { token: elsewhere.access_token })).status).toBe(200);
    await profile.openChangePassword();
    await profile.changePassword('Wrong#Pass2026', next);
    await expect.poll(() => profile.dialog.alert()).toBe(t('The password is not correct'));
    expect(await profile.dialog.field('New password').inputValue()).toBe(next);
    await profile.dialog.field('Current password').fill(person.password);
    await profile.dialog.send('Change password');
    await expect.poll(() => screen.toast('Your password has been changed').count()).toBe(1);
    await profile.dialog.waitUntilClosed();

    // The other session is over; this one goes on: the page reads the profile again with the new tokens.
    expect((await suite.call('/user/profile/', { token: elsewhere.access_token })).status).toBe(401);
    const refused = await suite.call('/user/refresh-token/', {
      body: { refresh_token: elsewhere.refresh_token },
    });
    expect(refused.status).toBe(401);
    await visit.page.reload();
    await expect.poll(() => profile.editButton.count()).toBe(1);
    expect(screen.pathname()).toBe(paths.profile());

    const other = await suite.open({ language: 'ar', path: paths.home() });
    await other.header.logIn();
    await other.signIn.submit(person);
    await expect.poll(() => other.signIn.alert()).toBe(t('Invalid email or password'));
    await other.signIn.password.fill(next);
    await other.signIn.password.press('Enter');
    await expect.poll(() => other.screen.toast('Successfully signed in').count()).toBe(1);
  });
});

describe('closing the account', () => {
  it('asks for the password, signs out, and the sign-in then says the account is closed (en)', async () => {
    const { person, visit } = await onProfile('en', 'phone');
    const { profile, screen, header, signIn, problems } = visit;
    await profile.openCloseAccount();
    await profile.closeAccount('Wrong#Pass2026');
    await expect.poll(() => profile.dialog.alert()).toBe('The password is not correct');
    await profile.dialog.field('Password').fill(person.password);
    await profile.dialog.send('Close my account');
    await expect.poll(() => screen.toast('Your account has been closed').count()).toBe(1);
    await expect.poll(() => screen.pathname()).toBe(paths.home());

    await visit.page.setViewportSize({ width: 1366, height: 900 });
    await header.logIn();
    await signIn.submit(person);
    await expect
      .poll(() => signIn.alert())
      .toBe('This account has been closed. You can sign up again with this e-mail address');
    expect(problems).toEqual([]);
  });
});

describe('changing the e-mail address', () => {
  it('confirms the new address with the code sent to it, and the header menu shows it', async () => {
    const { person, visit } = await onProfile('en');
    const { profile, otp, screen, header } = visit;
    const address = `moved.${person.email}`;
    await profile.edit();
    await profile.form.fill({ email: address });
    await profile.chooseUserType('Student');
    await profile.form.send();
    await expect.poll(() => otp.title()).toBe('Confirm your new e-mail');
    await expect.poll(() => otp.text()).toContain(address);
    await expectNoAxeViolations(visit.page);
    await otp.enter(await latestCode(suite.app, address));
    await otp.confirm();
    await expect.poll(() => screen.toast('Your e-mail address has been changed').count()).toBe(1);
    await expect.poll(() => profile.detailsText()).toContain(address);
    await header.openAccountMenu(person.full_name);
    await expect.poll(() => header.text()).toContain(person.full_name);
    expect(await visit.page.getByRole('menu').textContent()).toContain(address);
  });
});
