import { PROFILE_MESSAGES } from '@contract/messages/profile';
import type { NoticeMailSetting, NoticeMailSettings } from '@contract/wire/notice-mail';
import { describe, expect, it } from 'vitest';
import { connectNotificationSettings } from '../../machines/notificationSettings.connect.ts';
import { notificationSettingsMachine } from '../../machines/notificationSettings.machine.ts';
import { httpFailure, silentFailure } from './support/fixtures.ts';
import {
  createPathModel,
  doneActor,
  errorActor,
  expectState,
  harnesses,
  replayEveryPathCoveringAll,
  scriptedPromise,
  serializeValue,
} from './support/paths.ts';

const FALLBACK = 'Something went wrong';
const input = { fallback: FALLBACK };

const reply = (kinds: NoticeMailSetting[]): NoticeMailSettings => ({ success: true, data: { kinds } });
const allOn = reply([
  { kind: 'payment_receipt', mail: true },
  { kind: 'grade_released', mail: true },
]);
const gradeOff = reply([
  { kind: 'payment_receipt', mail: true },
  { kind: 'grade_released', mail: false },
]);

function implementations() {
  return {
    actors: {
      load: scriptedPromise<NoticeMailSettings>(),
      save: scriptedPromise<NoticeMailSettings, { kinds: NoticeMailSetting[] }>(),
    },
  };
}

describe('notificationSettings machine: generated paths', () => {
  const model = createPathModel(notificationSettingsMachine, {
    input,
    events: [
      { type: 'settings.retry' },
      { type: 'kind.toggle', kind: 'grade_released', mail: false },
      { type: 'settings.save' },
      doneActor('load', allOn),
      errorActor('load', silentFailure(503)),
      doneActor('save', gradeOff),
      errorActor('save', httpFailure(400, PROFILE_MESSAGES.noticeKindsInvalid)),
    ],
    serializeState: serializeValue,
    implementations,
  });
  replayEveryPathCoveringAll(model);
});

describe('notificationSettings machine: behaviour', () => {
  const launch = harnesses(notificationSettingsMachine);

  function start() {
    const impl = implementations();
    return { harness: launch(impl, { input }), ...impl.actors };
  }
  const view = (harness: ReturnType<typeof start>['harness']) =>
    connectNotificationSettings(harness.snapshot, (event) => void harness.send(event));

  it('reads the kinds, offers a retry when the read fails', async () => {
    const { harness, load } = start();
    expect(view(harness)).toEqual({ step: 'loading' });
    await harness.reject('load', silentFailure(503));
    const failed = view(harness);
    expect(failed).toMatchObject({ step: 'failed', error: { status: 503 } });
    await harness.send({ type: 'settings.retry' });
    expectState(harness, 'loading');
    expect(load.inputs).toHaveLength(2);
    await harness.resolve('load', allOn);
    expect(view(harness)).toMatchObject({
      step: 'ready',
      switches: [
        { kind: 'payment_receipt', mail: true },
        { kind: 'grade_released', mail: true },
      ],
      busy: false,
      saved: false,
      changed: false,
      alert: null,
    });
  });

  it('saves the switches as set, says so until the next change', async () => {
    const { harness, save } = start();
    await harness.resolve('load', allOn);
    await harness.send({ type: 'kind.toggle', kind: 'grade_released', mail: false });
    expect(view(harness)).toMatchObject({ changed: true, saved: false });
    await harness.send({ type: 'settings.save' });
    expect(view(harness)).toMatchObject({ busy: true });
    expect(save.inputs).toEqual([
      {
        kinds: [
          { kind: 'payment_receipt', mail: true },
          { kind: 'grade_released', mail: false },
        ],
      },
    ]);
    await harness.resolve('save', gradeOff);
    expectState(harness, 'ready.saved');
    expect(view(harness)).toMatchObject({ saved: true, changed: false, busy: false });
    await harness.send({ type: 'kind.toggle', kind: 'payment_receipt', mail: false });
    expectState(harness, 'ready.editing');
    expect(view(harness)).toMatchObject({ saved: false, changed: true });
  });

  it('keeps the switches and says why when the save fails; saving again clears the alert', async () => {
    const { harness } = start();
    await harness.resolve('load', allOn);
    await harness.send({ type: 'kind.toggle', kind: 'grade_released', mail: false });
    await harness.send({ type: 'settings.save' });
    await harness.reject('save', silentFailure(500));
    expectState(harness, 'ready.saveFailed');
    expect(view(harness)).toMatchObject({ alert: FALLBACK, changed: true });
    await harness.send({ type: 'kind.toggle', kind: 'payment_receipt', mail: false });
    expect(harness.context.alert).toBe(FALLBACK);
    await harness.send({ type: 'settings.save' });
    expect(harness.context.alert).toBeNull();
    await harness.reject('save', httpFailure(400, PROFILE_MESSAGES.noticeKindsInvalid));
    expect(harness.context.alert).toBe(PROFILE_MESSAGES.noticeKindsInvalid);
  });
});
