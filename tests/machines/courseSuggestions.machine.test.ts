import { describe, expect, it } from 'vitest';
import { courseSuggestionsMachine, SUGGESTION_DELAY } from '../../machines/courseSuggestions.machine.ts';
import type { CourseCard } from '../../src/contract/courses.ts';
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
  return { actors: { search: scriptedPromise<CourseCard[], { text: string }>() } };
}

describe('courseSuggestions machine: generated paths', () => {
  const model = createPathModel(courseSuggestionsMachine, {
    events: [
      { type: 'search.type', text: 'd' },
      { type: 'search.type', text: 'data' },
      { type: 'search.close' },
      afterDelay('pause', 'courseSuggestions.waiting'),
      doneActor('search', [course]),
      errorActor('search', silentFailure(500)),
    ],
    serializeState: serializeValueAnd((context: { text: string; suggestions: CourseCard[] }) => ({
      text: context.text,
      shown: context.suggestions.length,
    })),
    implementations,
  });

  replayEveryPathCoveringAll(model);
});

describe('courseSuggestions machine: behaviour', () => {
  const launch = harnesses(courseSuggestionsMachine);

  function start() {
    const impl = implementations();
    return { harness: launch(impl), search: impl.actors.search };
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
});
