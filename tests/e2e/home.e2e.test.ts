import type { HeroSection } from '@contract/wire/cms';
import { beforeAll, describe, expect, it } from 'vitest';
import { paths } from '@/routing/paths';
import { expectNoAxeViolations } from './support/browser';
import { productSuite } from './support/suite';
import { text } from './support/text';

const suite = productSuite();
let hero: HeroSection;

beforeAll(async () => {
  hero = await suite.read<HeroSection>('/cms/hero-section/');
});

describe('home', () => {
  it('shows the banner, the first 8 courses, the benefits, the trainer block and the events (English)', async () => {
    const { page, screen, home, signUp, problems } = await suite.open({ path: paths.home() });
    await expect.poll(() => screen.title()).toBe(hero.slogan);
    await expect.poll(() => home.courseCards.count()).toBe(8);
    const first = await home.courseLinks.first().getAttribute('href');
    expect(first).toMatch(/^\/course-details\/\d+$/);
    expect(await home.viewAllLink.getAttribute('href')).toBe(paths.catalogue());
    await expect.poll(() => home.eventCards.count()).toBeGreaterThan(0);
    await home.becomeTrainer();
    await expect.poll(() => signUp.title()).toBe('Become a Trainer');
    await page.keyboard.press('Escape');
    await home.search('data');
    await expect.poll(() => screen.address()).toBe(paths.catalogue({ search: 'data' }));
    expect(problems).toEqual([]);
  });

  it('reads right-to-left in Arabic on a phone and passes axe', async () => {
    const { page, screen, home, problems } = await suite.open({
      language: 'ar',
      width: 'phone',
      path: paths.home(),
    });
    await expect.poll(() => screen.title()).toBe(hero.slogan_ar);
    await expect.poll(() => home.courseCards.count()).toBe(8);
    await expectNoAxeViolations(page);
    expect(problems).toEqual([]);
  });
});

describe('request a course', () => {
  it('is reached from the footer, shows the exact messages, keeps values, and sends (English and Arabic)', async () => {
    const { page, screen, header, footer, home, problems } = await suite.open({ path: paths.about() });
    const form = home.requestCourse;
    await footer.requestCourse();
    await form.sendButton.waitFor();
    expect(screen.address()).toBe(paths.requestCourse());
    await form.fill({ email: 'not-an-email' });
    await form.send();
    await expect.poll(() => form.text()).toContain('Full name is required');
    expect(await form.text()).toContain('Invalid email address');
    expect(await form.text()).toContain('description Is Required');
    expect(await form.value('email')).toBe('not-an-email');
    await form.fill({
      full_name: 'Maha Al-Qahtani',
      email: 'maha@example.com',
      course: 'GIS for municipal staff',
    });
    await form.send();
    await expect.poll(() => screen.toast('Course Request is Successfully').count()).toBe(1);
    expect(await form.value('full_name')).toBe('');
    await expectNoAxeViolations(page);

    await header.switchLanguage();
    await form.send();
    await expect.poll(() => form.text()).toContain(text('Full name is required', 'ar'));
    expect(await form.text()).toContain(text('description Is Required', 'ar'));
    expect(problems).toEqual([]);
  });
});
