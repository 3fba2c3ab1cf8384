import type { AboutPromotion, AboutStory } from '@contract/wire/cms';
import { describe, expect, it } from 'vitest';
import { paths } from '@/routing/paths';
import { expectNoAxeViolations } from './support/browser';
import { productSuite } from './support/suite';
import { text } from './support/text';

const suite = productSuite();

describe('about us', () => {
  for (const language of ['en', 'ar'] as const) {
    it(`shows the promotion and our story from the CMS (${language})`, async () => {
      const promotion = await suite.read<AboutPromotion>('/cms/about-page-promotion/');
      const story = await suite.read<AboutStory>('/cms/about-page-our-story/');
      const { page, screen, about, problems } = await suite.open({
        language,
        width: language === 'ar' ? 'phone' : 'desktop',
      });
      await about.open();
      await expect.poll(() => screen.title()).toBe(language === 'ar' ? promotion.title_ar : promotion.title);
      await expect.poll(() => about.storyTitle()).toBe(language === 'ar' ? story.title_ar : story.title);
      await expectNoAxeViolations(page);
      expect(problems).toEqual([]);
    });
  }
});

describe('contact us', () => {
  it('shows the spec messages, keeps values, sends, in English and Arabic', async () => {
    const { page, screen, header, contact, problems } = await suite.open({ path: paths.contact() });
    await contact.send();
    await expect.poll(() => screen.mainText()).toContain('Full name is required');
    const shown = await screen.mainText();
    expect(shown).toContain('Email is required');
    expect(shown).toContain('Subject is required');
    expect(shown).toContain('description Is Required');
    await expect.poll(() => screen.focusedField()).toBe('full_name');
    await contact.fill({ full_name: 'Omar Al-Zahrani', email: 'omar@example' });
    await contact.send();
    await expect.poll(() => screen.mainText()).toContain('Invalid email address');
    expect(await contact.value('full_name')).toBe('Omar Al-Zahrani');
    await contact.fill({
      email: 'omar@example.com',
      subject: 'Certificates',
      message: 'How do I download my certificate?',
    });
    await contact.send();
    await expect.poll(() => screen.toast('Request Sent Successfully').count()).toBe(1);
    expect(await contact.value('subject')).toBe('');
    await expectNoAxeViolations(page);

    await header.switchLanguage();
    await contact.send();
    await expect.poll(() => screen.mainText()).toContain(text('Subject is required', 'ar'));
    expect(problems).toEqual([]);
  });
});
