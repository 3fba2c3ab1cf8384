import { FAILURES } from '@contract/messages/failures';
import { PROFILE_MESSAGES } from '@contract/messages/profile';
import { PHOTO_MAX_BYTES, type Profile, STOCK_AVATAR } from '@contract/wire/profile';
import { describe, expect, it } from 'vitest';
import { connectProfilePhoto } from '../../machines/profilePhoto.connect.ts';
import { type ChosenPhoto, profilePhotoMachine } from '../../machines/profilePhoto.machine.ts';
import { httpFailure, silentFailure } from './support/fixtures.ts';
import {
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

const ACTIONS = ['photoChanged', 'announceUploaded', 'announceRemoved', 'announceUploadFailed'] as const;

const profile: Profile = {
  id: 17,
  full_name: 'Huda Saleh',
  email: 'huda@example.com',
  phone_number: null,
  govt_id_or_iqama_no: '1098765432',
  user_type: 'Student',
  role: 'TRAINEE',
  image: '/api/v1/user/photos/0b6f6d2e-8f0e-4c59-9d55-2f3f0d1c8a11.png',
};

const png: ChosenPhoto = { file: new Blob([new Uint8Array(64)], { type: 'image/png' }), preview: 'blob:png' };
const text: ChosenPhoto = { file: new Blob(['hello'], { type: 'text/plain' }), preview: 'blob:text' };
const huge: ChosenPhoto = {
  file: new Blob([new Uint8Array(PHOTO_MAX_BYTES + 1)], { type: 'image/jpeg' }),
  preview: 'blob:huge',
};

function implementations() {
  return {
    actors: { uploadPhoto: scriptedPromise<Profile, Blob>(), removePhoto: scriptedPromise<Profile>() },
    actions: spyActions(profilePhotoMachine, ACTIONS),
  };
}

describe('profilePhoto machine: generated paths', () => {
  const model = createPathModel(profilePhotoMachine, {
    events: [
      { type: 'photo.choose', photo: png },
      { type: 'photo.choose', photo: text },
      { type: 'photo.upload' },
      { type: 'photo.cancel' },
      { type: 'photo.remove' },
      doneActor('uploadPhoto', profile),
      errorActor('uploadPhoto', httpFailure(400, PROFILE_MESSAGES.photoType)),
      doneActor('removePhoto', { ...profile, image: null }),
      errorActor('removePhoto', silentFailure(500)),
    ],
    serializeState: serializeValueAnd((context: { alert: string | null }) => context.alert !== null),
    implementations,
  });

  replayEveryPathCoveringAll(model);
});

describe('profilePhoto machine: behaviour', () => {
  const launch = harnesses(profilePhotoMachine);

  function start() {
    const impl = implementations();
    return { harness: launch(impl), ...impl.actors, actions: impl.actions };
  }

  it('says what is wrong with a file of another type or over 2 MB, and sends nothing', async () => {
    const { harness, uploadPhoto } = start();
    await harness.send({ type: 'photo.choose', photo: text });
    expectState(harness, 'idle');
    expect(harness.context.alert).toBe(PROFILE_MESSAGES.photoType);
    await harness.send({ type: 'photo.choose', photo: huge });
    expect(harness.context.alert).toBe(PROFILE_MESSAGES.photoTooLarge);
    expect(uploadPhoto.inputs).toEqual([]);
  });

  it('shows the preview, uploads it, and hands the new profile on', async () => {
    const { harness, uploadPhoto, actions } = start();
    const saved = { image: null, stock: STOCK_AVATAR };
    expect(connectProfilePhoto(harness.snapshot, () => {}, saved).shown).toBe(STOCK_AVATAR);
    await harness.send({ type: 'photo.choose', photo: png });
    expectState(harness, 'previewing');
    expect(connectProfilePhoto(harness.snapshot, () => {}, saved)).toMatchObject({
      shown: 'blob:png',
      previewing: true,
    });
    await harness.send({ type: 'photo.upload' });
    expect(uploadPhoto.inputs).toEqual([png.file]);
    await harness.reject('uploadPhoto', silentFailure(500));
    expectState(harness, 'previewing');
    expect(harness.context.alert).toBe(FAILURES.upload);
    expect(actions.announceUploadFailed).toHaveBeenCalledTimes(1);
    await harness.send({ type: 'photo.upload' });
    await harness.resolve('uploadPhoto', profile);
    expectState(harness, 'idle');
    expect(actions.photoChanged.mock.calls[0]?.[1]).toEqual({ profile });
    const after = connectProfilePhoto(harness.snapshot, () => {}, {
      image: profile.image,
      stock: STOCK_AVATAR,
    });
    expect(after).toMatchObject({ shown: profile.image, previewing: false, canRemove: true });
  });

  it('offers no removal of the stock avatar', () => {
    const { harness } = start();
    expect(
      connectProfilePhoto(harness.snapshot, () => {}, { image: STOCK_AVATAR, stock: STOCK_AVATAR }).canRemove,
    ).toBe(false);
  });
});
