import type { CourseCard } from '@contract/wire/courses';
import { describe, expect, it } from 'vitest';
import {
  type CourseSuggestionsView,
  connectCourseSuggestions,
  cutTitle,
  SUGGESTIONS_SHOWN,
} from '../../machines/courseSuggestions.connect.ts';
import {
  type CourseSuggestionsEvent,
  type CourseSuggestionsInput,
  courseSuggestionsMachine,
} from '../../machines/courseSuggestions.machine.ts';
import { silentFailure } from './support/fixtures.ts';
import {
  afterDelay,
  doneActor,
  errorActor,
  harnesses,
  type RuntimeEvent,
  scriptedPromise,
} from './support/paths.ts';

function card(id: number, title: string, title_ar: string): CourseCard {
  return {
    id,
    cover_image: '/media/covers/it.svg',
    title,
    title_ar,
    created_by: { image: '/media/avatars/person.svg', full_name: 'Dr. Reem Al-Shehri' },
    created_by_details: { full_name: 'Dr. Reem Al-Shehri' },
    status: 'Approved',
  };
}

const long = card(
  7,
  'Data Analysis with Python for Public Sector Teams',
  'تحليل البيانات باستخدام بايثون للقطاع العام',
);
const short = card(8, 'Data Ethics', 'أخلاقيات البيانات');
const many = Array.from({ length: 10 }, (_, index) =>
  card(20 + index, `Data course ${index}`, `دورة ${index}`),
);

const pause = afterDelay('pause', 'courseSuggestions.waiting');

const launch = harnesses(courseSuggestionsMachine);

/** The view model after `events`, played on a real actor (searches answered, pauses elapsed). */
async function view(
  events: ReadonlyArray<CourseSuggestionsEvent | RuntimeEvent>,
  options: { input?: CourseSuggestionsInput; language?: 'en' | 'ar' } = {},
): Promise<{ view: CourseSuggestionsView; sent: CourseSuggestionsEvent[] }> {
  const harness = launch(
    { actors: { search: scriptedPromise<CourseCard[], { text: string }>() } },
    options.input ? { input: options.input } : {},
  );
  for (const event of events) await harness.play(event);
  const sent: CourseSuggestionsEvent[] = [];
  const titleOf = (course: CourseCard) =>
    options.language === 'ar' ? (course.title_ar ?? course.title) : course.title;
  return {
    view: connectCourseSuggestions(harness.snapshot, (event) => sent.push(event), { titleOf }),
    sent,
  };
}

const typed = (text: string): CourseSuggestionsEvent => ({ type: 'search.type', text });

describe('course suggestions connect', () => {
  it('shows an empty expanded box on home, with nothing listed', async () => {
    const { view: box } = await view([], { input: { atHome: true } });
    expect(box).toMatchObject({ expanded: true, text: '', status: 'idle', listOpen: false, options: [] });
  });

  it('shows only the search button off home, which expands the box', async () => {
    const { view: box, sent } = await view([], { input: { atHome: false } });
    expect(box.expanded).toBe(false);
    box.expand();
    expect(sent).toEqual([{ type: 'search.expand' }]);
    const expanded = await view([{ type: 'search.expand' }], { input: { atHome: false } });
    expect(expanded.view.expanded).toBe(true);
  });

  it('keeps the side menu box expanded off home', async () => {
    const { view: box } = await view([], { input: { atHome: false, pinned: true } });
    expect(box.expanded).toBe(true);
  });

  it('is loading from the pause in typing until the answer, with the list closed', async () => {
    const waiting = await view([typed('data')]);
    expect(waiting.view).toMatchObject({ text: 'data', status: 'loading', listOpen: false, options: [] });
    const searching = await view([typed('data'), pause]);
    expect(searching.view.status).toBe('loading');
  });

  it('lists at most 8 suggestions, titles cut at 30 characters, in the current language', async () => {
    const { view: english } = await view([typed('data'), pause, doneActor('search', [long, short, ...many])]);
    expect(english.status).toBe('ready');
    expect(english.listOpen).toBe(true);
    expect(english.options).toHaveLength(SUGGESTIONS_SHOWN);
    expect(english.options.slice(0, 2)).toEqual([
      { id: 7, title: long.title, label: 'Data Analysis with Python for…' },
      { id: 8, title: 'Data Ethics', label: 'Data Ethics' },
    ]);
    const { view: arabic } = await view([typed('data'), pause, doneActor('search', [long])], {
      language: 'ar',
    });
    expect(arabic.options).toEqual([
      { id: 7, title: long.title_ar, label: 'تحليل البيانات باستخدام بايثون…' },
    ]);
  });

  it('picks a suggestion with its whole title as shown', async () => {
    const { view: box, sent } = await view([typed('data'), pause, doneActor('search', [long])], {
      language: 'ar',
    });
    const [first] = box.options;
    expect(first).toBeDefined();
    if (first) box.choose(first);
    expect(sent).toEqual([{ type: 'suggestion.pick', id: 7, title: long.title_ar }]);
  });

  it('keeps the list closed when nothing matches or the search failed', async () => {
    const none = await view([typed('zzz'), pause, doneActor('search', [])]);
    expect(none.view).toMatchObject({ status: 'ready', listOpen: false, options: [] });
    const failed = await view([typed('data'), pause, errorActor('search', silentFailure(503))]);
    expect(failed.view).toMatchObject({ status: 'failed', listOpen: false, options: [] });
  });

  it('closes the list when the text changes, and lists nothing for one character', async () => {
    const shown = [typed('data'), pause, doneActor('search', [long])];
    expect((await view([...shown, typed('dat')])).view).toMatchObject({ status: 'loading', listOpen: false });
    expect((await view([...shown, typed('d')])).view).toMatchObject({
      status: 'idle',
      listOpen: false,
      text: 'd',
    });
  });

  it('sends typing, closing and Enter to the machine', async () => {
    const { view: box, sent } = await view([]);
    box.type('data');
    box.close();
    box.submit();
    expect(sent).toEqual([
      { type: 'search.type', text: 'data' },
      { type: 'search.close' },
      { type: 'search.submit' },
    ]);
  });

  it('clears and collapses the box once Enter leads to the results', async () => {
    const { view: box } = await view([typed('data'), { type: 'search.submit' }], { input: { atHome: true } });
    expect(box).toMatchObject({ expanded: false, text: '', listOpen: false });
  });
});

describe('cutTitle', async () => {
  it('keeps titles of up to 30 characters', async () => {
    expect(cutTitle('A'.repeat(30))).toBe('A'.repeat(30));
  });

  it('cuts longer ones at 30 characters, without a space before the ellipsis', async () => {
    expect(cutTitle('A'.repeat(31))).toBe(`${'A'.repeat(30)}…`);
    expect(cutTitle(`${'A'.repeat(29)} tail`)).toBe(`${'A'.repeat(29)}…`);
  });

  it('counts characters, not UTF-16 units', async () => {
    const emoji = '📘'.repeat(31);
    expect([...cutTitle(emoji)]).toHaveLength(31);
  });
});
