import type { CourseCard } from '@contract/wire/courses';
import { describe, expect, it } from 'vitest';
import {
  type CourseSuggestionsContext,
  courseSuggestionsMachine,
  SUGGESTION_DELAY,
} from '../../machines/courseSuggestions.machine.ts';
import { silentFailure } from './support/fixtures.ts';
import {
  afterDelay,
  createPathModel,
  doneActor,
  errorActor,
  expectState,
  harnesses,
  replayEveryPathCoveringAll,
  scriptedPromise,
  serializeValueAnd,
  spyActions,
} from './support/paths.ts';

const course: CourseCard = {
  id: 7,
  cover_image: '/media/covers/it.svg',
  title: 'Data Analysis with Python for Public Sector Teams',
  title_ar: 'تحليل البيانات باستخدام بايثون',
  created_by: { image: '/media/avatars/person.svg', full_name: 'Dr. Reem Al-Shehri' },
  created_by_details: { full_name: 'Dr. Reem Al-Shehri' },
  status: 'Approved',
};

function implementations() {
  return {
    actors: { search: scriptedPromise<CourseCard[], { text: string }>() },
    actions: spyActions(courseSuggestionsMachine, ['focusInput', 'openResults', 'openCourse']),
  };
}

describe('courseSuggestions machine: generated paths', () => {
  const model = createPathModel(courseSuggestionsMachine, {
    events: [
      { type: 'search.type', text: 'd' },
      { type: 'search.type', text: 'data' },
      { type: 'search.close' },
      { type: 'search.submit' },
      { type: 'suggestion.pick', id: course.id, title: course.title },
      { type: 'search.expand' },
      { type: 'route.changed', atHome: true },
      { type: 'route.changed', atHome: false },
      afterDelay('pause', 'courseSuggestions.waiting'),
      doneActor('search', [course]),
      errorActor('search', silentFailure(500)),
    ],
    serializeState: serializeValueAnd((context: CourseSuggestionsContext) => ({
      text: context.text,
      shown: context.suggestions.length,
      expanded: context.expanded,
    })),
    implementations,
  });

  replayEveryPathCoveringAll(model);
});

describe('courseSuggestions machine: behaviour', () => {
  const launch = harnesses(courseSuggestionsMachine);

  function start(input?: { atHome?: boolean; pinned?: boolean }) {
    const impl = implementations();
    return {
      harness: launch(impl, input ? { input } : {}),
      search: impl.actors.search,
      actions: impl.actions,
    };
  }

  it('searches once typing pauses, with the trimmed text', async () => {
    const { harness, search } = start();
    await harness.send({ type: 'search.type', text: ' da' });
    await harness.send({ type: 'search.type', text: ' dat' });
    await harness.send({ type: 'search.type', text: ' data ' });
    expectState(harness, 'waiting');
    await harness.advance(SUGGESTION_DELAY - 1);
    expect(search.inputs).toEqual([]);
    await harness.advance(1);
    expectState(harness, 'searching');
    expect(search.inputs).toEqual([{ text: 'data' }]);
    await harness.resolve('search', [course]);
    expectState(harness, 'showing');
    expect(harness.context.suggestions).toEqual([course]);
  });

  it('does not search for fewer than 2 characters and drops old suggestions', async () => {
    const { harness, search } = start();
    await harness.send({ type: 'search.type', text: 'data' });
    await harness.advance(SUGGESTION_DELAY);
    await harness.resolve('search', [course]);
    await harness.send({ type: 'search.type', text: 'd' });
    expectState(harness, 'idle');
    expect(harness.context.suggestions).toEqual([]);
    await harness.advance(SUGGESTION_DELAY * 2);
    expect(search.inputs).toHaveLength(1);
  });

  it('ignores the answer to a search the visitor has typed past', async () => {
    const { harness, search } = start();
    await harness.send({ type: 'search.type', text: 'data' });
    await harness.advance(SUGGESTION_DELAY);
    await harness.send({ type: 'search.type', text: 'safety' });
    expectState(harness, 'waiting');
    expect(search.pendingIds()).toEqual([]);
    await harness.advance(SUGGESTION_DELAY);
    expect(search.inputs).toEqual([{ text: 'data' }, { text: 'safety' }]);
  });

  it('closes on request and shows nothing after a failed search', async () => {
    const { harness } = start();
    await harness.send({ type: 'search.type', text: 'data' });
    await harness.advance(SUGGESTION_DELAY);
    await harness.reject('search', silentFailure(503));
    expectState(harness, 'idle');
    expect(harness.context.suggestions).toEqual([]);
    await harness.send({ type: 'search.type', text: 'data' });
    await harness.advance(SUGGESTION_DELAY);
    await harness.resolve('search', [course]);
    await harness.send({ type: 'search.close' });
    expectState(harness, 'idle');
    expect(harness.context.suggestions).toEqual([]);
    expect(harness.context.text).toBe('data');
  });

  it('opens the results for the text on Enter, and does nothing for blank text', async () => {
    const { harness, actions, search } = start();
    await harness.send({ type: 'search.submit' });
    await harness.send({ type: 'search.type', text: '   ' });
    await harness.send({ type: 'search.submit' });
    expect(actions.openResults).not.toHaveBeenCalled();
    await harness.send({ type: 'search.type', text: 'data science' });
    await harness.advance(SUGGESTION_DELAY);
    await harness.resolve('search', [course]);
    await harness.send({ type: 'search.submit' });
    expectState(harness, 'idle');
    expect(harness.context.suggestions).toEqual([]);
    expect(actions.openResults).toHaveBeenCalledTimes(1);
    expect(actions.openResults.mock.calls[0]?.[1]).toEqual({ search: 'data science' });
    expect(search.pendingIds()).toEqual([]);
    expect(harness.context).toMatchObject({ text: '', expanded: false });
  });

  it('opens a picked course with the title as shown, and closes the list', async () => {
    const { harness, actions } = start();
    await harness.send({ type: 'search.type', text: 'data' });
    await harness.advance(SUGGESTION_DELAY);
    await harness.resolve('search', [course]);
    await harness.send({ type: 'suggestion.pick', id: course.id, title: course.title_ar ?? '' });
    expectState(harness, 'idle');
    expect(harness.context.suggestions).toEqual([]);
    expect(actions.openCourse.mock.calls[0]?.[1]).toEqual({ id: 7, title: 'تحليل البيانات باستخدام بايثون' });
    expect(actions.openResults).not.toHaveBeenCalled();
    expect(harness.context).toMatchObject({ text: '', expanded: false });
  });

  it('keeps a pinned box expanded after a pick', async () => {
    const { harness, actions } = start({ atHome: true, pinned: true });
    await harness.send({ type: 'search.type', text: 'data' });
    await harness.send({ type: 'suggestion.pick', id: course.id, title: course.title });
    expect(actions.openCourse).toHaveBeenCalledTimes(1);
    expect(harness.context).toMatchObject({ text: '', expanded: true });
  });

  it('starts expanded on home and collapsed elsewhere; the button expands it and moves the focus', async () => {
    expect(start({ atHome: true }).harness.context.expanded).toBe(true);
    const { harness, actions } = start({ atHome: false });
    expect(harness.context.expanded).toBe(false);
    await harness.send({ type: 'search.expand' });
    expect(harness.context.expanded).toBe(true);
    expect(actions.focusInput).toHaveBeenCalledTimes(1);
  });

  it('collapses and clears when the route leaves home, and expands again back home', async () => {
    const { harness, search } = start({ atHome: true });
    await harness.send({ type: 'search.type', text: 'data' });
    await harness.advance(SUGGESTION_DELAY);
    await harness.send({ type: 'route.changed', atHome: false });
    expectState(harness, 'idle');
    expect(search.pendingIds()).toEqual([]);
    expect(harness.context).toMatchObject({ text: '', suggestions: [], expanded: false });
    await harness.send({ type: 'route.changed', atHome: true });
    expect(harness.context).toMatchObject({ text: '', expanded: true });
  });

  it('keeps the text when the route comes back home', async () => {
    const { harness } = start({ atHome: true });
    await harness.send({ type: 'search.type', text: 'data' });
    await harness.send({ type: 'route.changed', atHome: true });
    expectState(harness, 'idle');
    expect(harness.context).toMatchObject({ text: 'data', expanded: true });
  });

  it('keeps a pinned box expanded off home, but clears it', async () => {
    const { harness } = start({ atHome: false, pinned: true });
    expect(harness.context.expanded).toBe(true);
    await harness.send({ type: 'search.type', text: 'data' });
    await harness.send({ type: 'route.changed', atHome: false });
    expect(harness.context).toMatchObject({ text: '', expanded: true });
  });

  it('notes a failed search until a search succeeds or the list closes', async () => {
    const { harness } = start();
    await harness.send({ type: 'search.type', text: 'data' });
    await harness.advance(SUGGESTION_DELAY);
    await harness.reject('search', silentFailure(503));
    expect(harness.context.failed).toBe(true);
    await harness.send({ type: 'search.type', text: 'data ' });
    await harness.advance(SUGGESTION_DELAY);
    await harness.resolve('search', [course]);
    expect(harness.context.failed).toBe(false);
    await harness.send({ type: 'search.type', text: 'safety' });
    await harness.advance(SUGGESTION_DELAY);
    await harness.reject('search', silentFailure(503));
    await harness.send({ type: 'search.close' });
    expect(harness.context.failed).toBe(false);
  });
});
