import { describe, expect, it } from 'vitest';
import type { Paged } from '@/contract/common';
import type { EventSummary } from '@/contract/events';
import type { Language } from '@/i18n/languages';
import { paths } from '@/routing/paths';
import { expectNoAxeViolations, type Width } from './support/browser';
import { verifiedTrainee } from './support/identity';
import { accessToken, signInWithTokens } from './support/session';
import { productSuite } from './support/suite';

const suite = productSuite();

/** English on a desktop and Arabic on a phone; each test runs in both. */
const SETTINGS: ReadonlyArray<{ language: Language; width: Width }> = [
  { language: 'en', width: 'desktop' },
  { language: 'ar', width: 'phone' },
];

/** Events that have not ended, soonest first. */
async function openEvents(): Promise<EventSummary[]> {
  const list = await suite.read<Paged<EventSummary>>('/event/?page=1&limit=25');
  return list.results.filter((event) => new Date(event.date_range.end).getTime() > Date.now());
}

async function anOpenEvent(): Promise<EventSummary> {
  const [event] = await openEvents();
  if (!event) throw new Error('the seed has an upcoming event');
  return event;
}

describe('event registration', () => {
  for (const { language, width } of SETTINGS) {
    it(`shows a trainee who registered before as registered, without a button or an error (${language}, ${width})`, async () => {
      const event = await anOpenEvent();
      const { person } = await verifiedTrainee(suite.app);
      const visit = await suite.open({ language, width });
      const { access_token } = await signInWithTokens(suite.app, visit.context, person);
      const registered = await suite.call('/event-registration/', {
        token: access_token,
        body: { event: event.id },
      });
      expect(registered.status).toBe(201);

      const { page, t, screen, eventDetails, problems } = visit;
      await eventDetails.open(event.id);
      await expect.poll(() => eventDetails.registration()).toBe(t('You are registered for this event.'));
      expect(await eventDetails.registerButton.count()).toBe(0);
      expect(await screen.alert.count()).toBe(0);
      await expectNoAxeViolations(page);
      expect(problems).toEqual([]);
    });

    it(`registers a visitor who pressed Register as soon as they have signed in (${language}, ${width})`, async () => {
      const event = await anOpenEvent();
      const { person } = await verifiedTrainee(suite.app);
      const { t, screen, eventDetails, signIn, problems } = await suite.open({ language, width });
      await eventDetails.open(event.id);
      await eventDetails.register();
      await signIn.as(person);
      expect(screen.address()).toBe(paths.eventDetails(event.id));
      await expect
        .poll(() => screen.toast('You have registered for this event successfully').count())
        .toBe(1);
      await expect.poll(() => eventDetails.registration()).toBe(t('You are registered for this event.'));
      expect(problems).toEqual([]);
    });
  }

  it('does not register a visitor who closed the sign-in dialog and then signed in in another tab', async () => {
    const event = await anOpenEvent();
    const { person } = await verifiedTrainee(suite.app);
    const visit = await suite.open({ width: 'desktop' });
    const { screen, eventDetails, signIn, problems } = visit;
    await eventDetails.open(event.id);
    await eventDetails.register();
    await signIn.close();
    await signIn.waitUntilClosed();

    const other = await suite.openSecondTab(visit);
    await other.goto(paths.home());
    await other.header.logIn();
    await other.signIn.as(person);
    // The first tab learns of the sign-in and offers the button to a signed-in user.
    await expect.poll(() => eventDetails.registerButton.count()).toBe(1);
    await expect.poll(() => screen.mainText()).not.toContain(visit.t('You will be asked to log in first.'));
    expect(await screen.toast('You have registered for this event successfully').count()).toBe(0);
    const registration = await suite.read<{ registered: boolean }>(`/event/${event.id}/registration/`, {
      token: await accessToken(visit.context),
    });
    expect(registration.registered).toBe(false);
    expect(problems).toEqual([]);
  });
});
