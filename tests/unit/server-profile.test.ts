import { VALIDATION } from '@contract/forms/auth';
import { PROFILE_VALIDATION } from '@contract/forms/profile';
import { PROFILE_MESSAGES } from '@contract/messages/profile';
import { SERVER_MESSAGES } from '@contract/messages/server-messages';
import { refreshResponseSchema } from '@contract/wire/auth';
import { loginResponseSchema } from '@contract/wire/identity';
import { changePasswordResponseSchema, PHOTO_MAX_BYTES, profileSchema } from '@contract/wire/profile';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOutbox } from '../../server/mail';
import { startTestServer, type TestServer } from '../../server/testing';
import { ensureUser } from '../../server/users';
import { jpegLike, NOT_AN_IMAGE, pngOf, webpLike } from '../fixtures/images';
import { testClient } from '../support/test-client';

const PASSWORD = 'Profile#Pass2026';
const NEW_PASSWORD = 'Another#Pass2027';

let server: TestServer;
let people = 0;

beforeAll(async () => {
  server = await startTestServer();
}, 90_000);

afterAll(async () => {
  await server?.close();
});

/** A new verified trainee of its own, signed in; its details. */
async function newTrainee() {
  people += 1;
  const person = {
    email: `profile.${people}@example.com`,
    password: PASSWORD,
    full_name: `Profile Trainee ${people}`,
    role: 'TRAINEE',
    phone_number: `05500000${String(people).padStart(2, '0')}`,
    govt_id_or_iqama_no: String(1_300_000_000 + people),
    approved: true,
  } as const;
  const user = await ensureUser(server.db, person);
  const session = await signIn(person.email, PASSWORD);
  return { person, user, token: session.access_token, refreshToken: session.refresh_token };
}

const { call } = testClient(() => server);

async function signIn(email: string, password: string) {
  const response = await call('/user/login/', { body: { username: email, password } });
  if (response.status !== 200) throw new Error(`sign-in answered ${response.status}`);
  return loginResponseSchema.parse(response.body);
}

const firstMessage = (body: unknown) => (body as { details?: { message: string }[] }).details?.[0]?.message;

function photo(bytes: Buffer, name = 'photo.png', type = 'image/png'): FormData {
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(bytes)], { type }), name);
  return form;
}

describe('the profile details', () => {
  it('reads and saves them with the sign-up rules; Arabic-Indic digits are written 0–9', async () => {
    const { token, person } = await newTrainee();
    const read = profileSchema.parse((await call('/user/profile/', { token })).body);
    expect(read).toMatchObject({ email: person.email, user_type: null, image: null });

    const refused = await call('/user/profile/', {
      method: 'PATCH',
      token,
      body: { full_name: ' ', phone_number: '12a', govt_id_or_iqama_no: '123', user_type: 'Pilot' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      success: false,
      details: [
        { field: 'full_name', message: VALIDATION.nameRequired },
        { field: 'phone_number', message: VALIDATION.phoneDigits },
        { field: 'govt_id_or_iqama_no', message: VALIDATION.govtIdMin },
        { field: 'user_type', message: PROFILE_VALIDATION.userTypeInvalid },
      ],
    });

    const saved = await call('/user/profile/', {
      method: 'PATCH',
      token,
      body: {
        full_name: '  Noura Al-Harbi ',
        phone_number: '٠٥٥ ٩٨٧ ٦٥٤٣',
        govt_id_or_iqama_no: '١٣٩٩٨٨٧٧٦٦',
        user_type: 'Govt Employee',
      },
    });
    expect(saved.status).toBe(200);
    expect(profileSchema.parse(saved.body)).toMatchObject({
      full_name: 'Noura Al-Harbi',
      phone_number: '0559876543',
      govt_id_or_iqama_no: '1399887766',
      user_type: 'Govt Employee',
    });
  });

  it("refuses another account's id number, and a phone number another account uses", async () => {
    const first = await newTrainee();
    const second = await newTrainee();
    const details = { full_name: 'Second', phone_number: '', user_type: 'Student' };
    const id = await call('/user/profile/', {
      method: 'PATCH',
      token: second.token,
      body: { ...details, govt_id_or_iqama_no: first.person.govt_id_or_iqama_no },
    });
    expect(id.status).toBe(400);
    expect(firstMessage(id.body)).toBe(SERVER_MESSAGES.govtIdTaken);
    const phone = await call('/user/profile/', {
      method: 'PATCH',
      token: second.token,
      body: {
        ...details,
        govt_id_or_iqama_no: second.person.govt_id_or_iqama_no,
        phone_number: first.person.phone_number,
      },
    });
    expect(phone.status).toBe(400);
    expect(firstMessage(phone.body)).toBe(PROFILE_MESSAGES.phoneTaken);
  });
});

describe('changing the e-mail address', () => {
  it('sends a code to the new address and changes it once the code is confirmed', async () => {
    const { token, person } = await newTrainee();
    const other = await newTrainee();
    const taken = await call('/user/profile/email/', { token, body: { email: other.person.email } });
    expect(firstMessage(taken.body)).toBe(SERVER_MESSAGES.emailTaken);
    const same = await call('/user/profile/email/', { token, body: { email: person.email.toUpperCase() } });
    expect(firstMessage(same.body)).toBe(PROFILE_MESSAGES.sameEmail);

    const address = `moved.${people}@example.com`;
    const sent = await call('/user/profile/email/', { token, body: { email: address } });
    expect(sent).toMatchObject({ status: 200, body: { success: true, message: SERVER_MESSAGES.otpSent } });
    const [mail] = await readOutbox(server.db, { to: address });
    expect(mail?.otp).toMatch(/^\d{7}$/);
    // Nothing changes before the code: the old address still signs in.
    await signIn(person.email, PASSWORD);
    // Nor can the code sign anyone in as a sign-up code would.
    expect(
      (await call('/user/otp-verify/', { body: { email_or_phone: address, otp_code: mail?.otp } })).status,
    ).toBe(400);

    const wrong = mail?.otp === '1111111' ? '2222222' : '1111111';
    const refused = await call('/user/profile/email/confirm/', { token, body: { otp_code: wrong } });
    expect(firstMessage(refused.body)).toBe(SERVER_MESSAGES.invalidOtp);
    const confirmed = await call('/user/profile/email/confirm/', { token, body: { otp_code: mail?.otp } });
    expect(confirmed.status).toBe(200);
    expect(profileSchema.parse(confirmed.body).email).toBe(address);
    await signIn(address, PASSWORD);
    expect(
      (await call('/user/login/', { body: { username: person.email, password: PASSWORD } })).status,
    ).toBe(401);
    // The old address is told.
    expect((await readOutbox(server.db, { to: person.email }))[0]?.body).toContain(address);
    const again = await call('/user/profile/email/confirm/', { token, body: { otp_code: mail?.otp } });
    expect(firstMessage(again.body)).toBe(PROFILE_MESSAGES.noEmailChange);
  });
});

describe('the photo', () => {
  it('takes a PNG, JPEG or WebP by its bytes, serves it, and removes it', async () => {
    const { token } = await newTrainee();
    for (const [bytes, type] of [
      [jpegLike(), 'image/jpeg'],
      [webpLike(), 'image/webp'],
      [pngOf(32), 'image/png'],
    ] as const) {
      // The name and the declared type say nothing: the bytes do.
      const uploaded = await call('/user/profile/photo/', {
        token,
        body: photo(bytes, 'anything.bin', 'text/plain'),
      });
      expect(uploaded.status).toBe(200);
      const { image } = profileSchema.parse(uploaded.body);
      expect(image).toMatch(/^\/api\/v1\/user\/photos\/[0-9a-f-]{36}\.(jpg|webp|png)$/);
      const served = await call(`${server.url}${image}`);
      expect(served.type).toBe(type);
      expect(served.bytes.equals(bytes)).toBe(true);
    }
    const removed = await call('/user/profile/photo/', { token, method: 'DELETE' });
    expect(profileSchema.parse(removed.body).image).toBeNull();
  });

  it('refuses a file that is not a picture whatever its name, and one over 2 MB', async () => {
    const { token } = await newTrainee();
    const text = await call('/user/profile/photo/', {
      token,
      body: photo(NOT_AN_IMAGE, 'photo.png', 'image/png'),
    });
    expect(text.status).toBe(400);
    expect(firstMessage(text.body)).toBe(PROFILE_MESSAGES.photoType);
    const large = Buffer.concat([pngOf(8), Buffer.alloc(PHOTO_MAX_BYTES)]);
    const tooLarge = await call('/user/profile/photo/', { token, body: photo(large) });
    expect(tooLarge.status).toBe(400);
    expect(firstMessage(tooLarge.body)).toBe(PROFILE_MESSAGES.photoTooLarge);
    expect((await call('/user/photos/00000000-0000-0000-0000-000000000000.png')).status).toBe(404);
  });
});

describe('changing the password', () => {
  it('ends the other sessions, keeps this one with new tokens, and the old password no longer signs in', async () => {
    const me = await newTrainee();
    const elsewhere = await signIn(me.person.email, PASSWORD);
    const wrong = await call('/user/change-password/', {
      token: me.token,
      body: {
        current_password: 'Wrong#Pass2026',
        new_password: NEW_PASSWORD,
        confirm_password: NEW_PASSWORD,
      },
    });
    expect(wrong.status).toBe(400);
    expect(firstMessage(wrong.body)).toBe(PROFILE_MESSAGES.wrongPassword);
    const same = await call('/user/change-password/', {
      token: me.token,
      body: { current_password: PASSWORD, new_password: PASSWORD, confirm_password: PASSWORD },
    });
    expect(firstMessage(same.body)).toBe(PROFILE_VALIDATION.samePassword);

    const changed = await call('/user/change-password/', {
      token: me.token,
      body: { current_password: PASSWORD, new_password: NEW_PASSWORD, confirm_password: NEW_PASSWORD },
    });
    expect(changed.status).toBe(200);
    const tokens = changePasswordResponseSchema.parse(changed.body);
    expect(tokens.message).toBe(PROFILE_MESSAGES.passwordChanged);
    // Every session started before is over, this one's old tokens too; the new pair works.
    expect((await call('/user/profile/', { token: elsewhere.access_token })).status).toBe(401);
    expect((await call('/user/profile/', { token: me.token })).status).toBe(401);
    expect(
      (await call('/user/refresh-token/', { body: { refresh_token: elsewhere.refresh_token } })).status,
    ).toBe(401);
    expect((await call('/user/profile/', { token: tokens.access_token })).status).toBe(200);
    const renewed = await call('/user/refresh-token/', { body: { refresh_token: tokens.refresh_token } });
    expect(refreshResponseSchema.safeParse(renewed.body).success).toBe(true);

    expect(
      (await call('/user/login/', { body: { username: me.person.email, password: PASSWORD } })).status,
    ).toBe(401);
    await signIn(me.person.email, NEW_PASSWORD);
  });

  it('counts wrong passwords per account and refuses the eleventh with 429', async () => {
    const me = await newTrainee();
    const attempt = () =>
      call('/user/close-account/', { token: me.token, body: { password: 'Wrong#Pass2026' } });
    for (let index = 0; index < 10; index += 1) expect((await attempt()).status).toBe(400);
    const locked = await attempt();
    expect(locked.status).toBe(429);
    expect(firstMessage(locked.body)).toBe(SERVER_MESSAGES.tooManyRequests);
  });
});

describe('closing the account', () => {
  it('ends every session, keeps the row without personal data, and frees the e-mail address', async () => {
    const me = await newTrainee();
    await call('/user/profile/photo/', { token: me.token, body: photo(pngOf(16)) });
    const closed = await call('/user/close-account/', { token: me.token, body: { password: PASSWORD } });
    expect(closed).toMatchObject({
      status: 200,
      body: { success: true, message: PROFILE_MESSAGES.accountClosed },
    });
    expect((await call('/user/profile/', { token: me.token })).status).toBe(401);
    expect((await call('/user/refresh-token/', { body: { refresh_token: me.refreshToken } })).status).toBe(
      401,
    );

    // The owner is told plainly; anyone else learns nothing.
    const owner = await call('/user/login/', { body: { username: me.person.email, password: PASSWORD } });
    expect(owner.status).toBe(403);
    expect(firstMessage(owner.body)).toBe(PROFILE_MESSAGES.closedAccountSignIn);
    const guesser = await call('/user/login/', {
      body: { username: me.person.email, password: 'Wrong#Pass2026' },
    });
    expect(guesser.status).toBe(401);
    expect(firstMessage(guesser.body)).toBe(SERVER_MESSAGES.invalidCredentials);

    const { rows } = await server.db.query<Record<string, unknown>>(
      'SELECT id, full_name, email, phone_number, govt_id_or_iqama_no, image, photo_file, closed_at FROM users WHERE id = $1',
      [me.user.id],
    );
    expect(rows[0]).toMatchObject({
      id: me.user.id,
      full_name: 'Closed account',
      email: `closed-account-${me.user.id}@closed.invalid`,
      phone_number: null,
      govt_id_or_iqama_no: null,
      image: null,
      photo_file: null,
    });
    expect(rows[0]?.closed_at).not.toBeNull();
    expect(JSON.stringify(rows[0])).not.toContain(me.person.email);
    // Its placeholder address signs nobody in, even with the old password.
    const placeholder = await call('/user/login/', {
      body: { username: `closed-account-${me.user.id}@closed.invalid`, password: PASSWORD },
    });
    expect(placeholder.status).toBe(401);

    // The address, phone and id number can make a new account.
    const again = await ensureUser(server.db, { ...me.person, full_name: 'Back Again' });
    expect(again.id).not.toBe(me.user.id);
    await signIn(me.person.email, PASSWORD);
  });
});
