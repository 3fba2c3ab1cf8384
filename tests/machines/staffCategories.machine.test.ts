import { STAFF_MESSAGES } from '@contract/messages/staff';
import type { CategoryChange, StaffCategoriesResponse, StaffCategory } from '@contract/wire/staff-categories';
import { describe, expect, it } from 'vitest';
import { connectStaffCategories } from '../../machines/staffCategories.connect.ts';
import { staffCategoriesMachine } from '../../machines/staffCategories.machine.ts';
import { ApiError } from '../../src/api/errors.ts';
import { httpFailure, silentFailure } from './support/fixtures.ts';
import {
  createPathModel,
  doneActor,
  errorActor,
  expectState,
  harnesses,
  replayEveryPathCoveringAll,
  scriptedPromise,
  spyActions,
} from './support/paths.ts';

const ACTIONS = ['announce', 'announceFailure', 'focusFirstInvalid'] as const;

const business: StaffCategory = {
  id: 1,
  name: 'Business',
  name_ar: 'الأعمال',
  position: 1,
  hidden: false,
  courses: 4,
};
const empty: StaffCategory = {
  id: 9,
  name: 'Robotics',
  name_ar: 'الروبوتات',
  position: 2,
  hidden: true,
  courses: 0,
};
const list = [business, empty];
const reply = (message?: string): StaffCategoriesResponse => ({ success: true, message, data: list });
const nameTaken = new ApiError(STAFF_MESSAGES.categoryNameTaken, 'http', 409, {
  success: false,
  details: [{ field: 'name', message: STAFF_MESSAGES.categoryNameTaken }],
});

function implementations() {
  return {
    actors: {
      loadCategories: scriptedPromise<StaffCategory[], undefined>(),
      change: scriptedPromise<StaffCategoriesResponse, CategoryChange>(),
    },
    actions: spyActions(staffCategoriesMachine, ACTIONS),
  };
}

describe('staffCategories machine: generated paths', () => {
  const model = createPathModel(staffCategoriesMachine, {
    events: [
      { type: 'list.retry' },
      { type: 'add.change', name: 'name', value: 'Cyber Security' },
      { type: 'add.change', name: 'name_ar', value: 'الأمن السيبراني' },
      { type: 'add.submit' },
      { type: 'rename.open', category: business },
      { type: 'rename.change', name: 'name', value: '' },
      { type: 'rename.submit' },
      { type: 'rename.cancel' },
      { type: 'move', id: empty.id, direction: 'up' },
      { type: 'visibility.toggle', category: empty },
      { type: 'delete.open', category: business },
      { type: 'delete.confirm' },
      { type: 'delete.cancel' },
      doneActor('loadCategories', list),
      errorActor('loadCategories', silentFailure(500)),
      doneActor('add', reply(STAFF_MESSAGES.categoryAdded)),
      errorActor('add', nameTaken),
      doneActor('rename', reply(STAFF_MESSAGES.categoryRenamed)),
      errorActor('rename', silentFailure(500)),
      doneActor('rowChange', reply(STAFF_MESSAGES.categoryShown)),
      errorActor('rowChange', silentFailure(500)),
      doneActor('delete', reply(STAFF_MESSAGES.categoryDeleted)),
      errorActor('delete', httpFailure(409, STAFF_MESSAGES.categoryHoldsCourses)),
    ],
    // The state, which names of the add form are typed, and whether the dialog's name is.
    serializeState: (snapshot) =>
      JSON.stringify([
        snapshot.value,
        snapshot.context.add.values.name !== '',
        snapshot.context.add.values.name_ar !== '',
        snapshot.context.renaming?.form.values.name !== '',
      ]),
    implementations,
  });
  replayEveryPathCoveringAll(model);
});

describe('staffCategories machine: behaviour', () => {
  const launch = harnesses(staffCategoriesMachine);

  function start() {
    const impl = implementations();
    return { harness: launch(impl, {}), ...impl.actors, actions: impl.actions };
  }

  it('checks both names before adding, keeps what was typed on a refusal, and clears the form once added', async () => {
    const { harness, change, actions } = start();
    await harness.resolve('loadCategories', list);
    await harness.send({ type: 'add.change', name: 'name', value: 'Cyber Security' });
    await harness.send({ type: 'add.submit' });
    expectState(harness, 'ready');
    expect(harness.context.add.errors).toEqual({ name_ar: STAFF_MESSAGES.categoryNameArRequired });
    expect(actions.focusFirstInvalid).toHaveBeenCalledTimes(1);
    expect(change.inputs).toEqual([]);
    await harness.send({ type: 'add.change', name: 'name_ar', value: 'الأمن السيبراني' });
    expect(harness.context.add.errors).toEqual({});
    await harness.send({ type: 'add.submit' });
    expect(change.inputs).toEqual([
      { kind: 'add', form: { name: 'Cyber Security', name_ar: 'الأمن السيبراني' } },
    ]);
    expect(connectStaffCategories(harness.snapshot, () => {}).add.sending).toBe(true);
    await harness.reject('add', nameTaken);
    expect(harness.context.add).toEqual({
      values: { name: 'Cyber Security', name_ar: 'الأمن السيبراني' },
      errors: { name: STAFF_MESSAGES.categoryNameTaken },
      alert: null,
    });
    await harness.send({ type: 'add.submit' });
    await harness.reject('add', silentFailure(500));
    expect(harness.context.add.alert).toBe('Something went wrong');
    await harness.send({ type: 'add.submit' });
    await harness.resolve('add', reply(STAFF_MESSAGES.categoryAdded));
    expect(harness.context.add.values).toEqual({ name: '', name_ar: '' });
    expect(actions.announce).toHaveBeenLastCalledWith(expect.anything(), {
      message: STAFF_MESSAGES.categoryAdded,
    });
  });

  it('renames in a dialog that starts from the names and cannot be dismissed while sending', async () => {
    const { harness, change } = start();
    await harness.resolve('loadCategories', list);
    await harness.send({ type: 'rename.open', category: business });
    const sent: unknown[] = [];
    const view = connectStaffCategories(harness.snapshot, (event) => sent.push(event));
    expect(view.busy).toBe(false);
    expect(view.rename).toMatchObject({
      values: { name: 'Business', name_ar: 'الأعمال' },
      category: business,
    });
    await harness.send({ type: 'rename.change', name: 'name', value: 'Business and Management' });
    await harness.send({ type: 'rename.submit' });
    expect(change.inputs).toEqual([
      { kind: 'rename', id: 1, form: { name: 'Business and Management', name_ar: 'الأعمال' } },
    ]);
    connectStaffCategories(harness.snapshot, (event) => sent.push(event)).cancelRename();
    expect(sent).toEqual([]);
    await harness.resolve('rename', reply(STAFF_MESSAGES.categoryRenamed));
    expectState(harness, 'ready');
    expect(harness.context.renaming).toBeNull();
  });

  it('moves, hides and shows one change at a time, and says when one fails', async () => {
    const { harness, change, actions } = start();
    await harness.resolve('loadCategories', list);
    await harness.send({ type: 'move', id: empty.id, direction: 'up' });
    expect(connectStaffCategories(harness.snapshot, () => {}).busy).toBe(true);
    await harness.resolve('rowChange', reply());
    await harness.send({ type: 'visibility.toggle', category: business });
    await harness.reject('rowChange', silentFailure(500));
    expect(actions.announceFailure).toHaveBeenCalledWith(expect.anything(), {
      message: 'Something went wrong',
    });
    await harness.send({ type: 'visibility.toggle', category: empty });
    expect(change.inputs).toEqual([
      { kind: 'move', id: 9, direction: 'up' },
      { kind: 'hide', id: 1 },
      { kind: 'show', id: 9 },
    ]);
  });

  it('asks before deleting, and keeps the dialog open saying why a category with courses stays', async () => {
    const { harness, change } = start();
    await harness.resolve('loadCategories', list);
    await harness.send({ type: 'delete.open', category: business });
    await harness.send({ type: 'delete.confirm' });
    expect(change.inputs).toEqual([{ kind: 'delete', id: 1 }]);
    await harness.reject('delete', httpFailure(409, STAFF_MESSAGES.categoryHoldsCourses));
    expectState(harness, { deleting: 'confirming' });
    expect(connectStaffCategories(harness.snapshot, () => {}).remove).toMatchObject({
      category: business,
      alert: STAFF_MESSAGES.categoryHoldsCourses,
      sending: false,
    });
    await harness.send({ type: 'delete.cancel' });
    expectState(harness, 'ready');
  });

  it('offers Try again when the list cannot be read', async () => {
    const { harness, loadCategories } = start();
    await harness.reject('loadCategories', silentFailure(500));
    expectState(harness, 'failed');
    expect(connectStaffCategories(harness.snapshot, () => {}).error).toEqual({ status: 500 });
    await harness.send({ type: 'list.retry' });
    expect(loadCategories.inputs).toHaveLength(2);
  });
});
