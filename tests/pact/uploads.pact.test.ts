import { UPLOAD_MESSAGES } from '@contract/messages/learning';
import { MatchersV3 } from '@pact-foundation/pact';
import type { V4RequestBuilder } from '@pact-foundation/pact/src/v4/http/types';
import { describe, expect, it } from 'vitest';
import { abandonResumableUpload, resumableUpload } from '../../src/api/resumable';
import { expectRefusal } from './interactions';
import { INJECTED_ACCESS_TOKEN } from './states';
import {
  apiPath,
  EXAMPLE_JWT,
  errorBody,
  JSON_CONTENT,
  PROVIDERS,
  pactWith,
  signedInBearer,
} from './support';
import { INJECTED_UPLOAD_ID, STATE_PDF, UPLOAD_STATES } from './upload-states';

const { integer, regex, fromProviderState } = MatchersV3;

// Resumable uploads (the tus protocol at /uploads/) are the product's own: the extensions pact.
const extensions = pactWith(PROVIDERS.extensions);

const UPLOAD_ADDRESS = '^/api/v1/uploads/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';
const EXAMPLE_UPLOAD = '3f6c2a9e-8b1d-4c7e-a5f0-2d4b6e8a0c1f';
const FILE_ADDRESS = '^/api/v1/files/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';
const EXAMPLE_FILE = `/api/v1/files/${EXAMPLE_UPLOAD}`;

/** The protocol version every tus request and answer names. */
const TUS = { 'Tus-Resumable': '1.0.0' };

/** tus-js-client's Upload-Metadata: each key with its value in base64. */
const metadataOf = (name: string) => `filename ${Buffer.from(name).toString('base64')}`;

/** The bearer token of the state, without the JSON Accept header the API client adds (tus-js-client sends none). */
const bearer = {
  Authorization: fromProviderState(`Bearer \${${INJECTED_ACCESS_TOKEN}}`, `Bearer ${EXAMPLE_JWT}`),
};

/** The address of the state's upload under way. */
const uploadPath = fromProviderState(
  apiPath(`/uploads/\${${INJECTED_UPLOAD_ID}}`),
  apiPath(`/uploads/${EXAMPLE_UPLOAD}`),
);

/**
 * A file for tus-js-client's Node build, which reads Buffers (the app's browser build reads Blobs):
 * the bytes with the size and type a Blob has.
 */
function nodeFile(bytes: Buffer, type: string): Blob {
  return Object.assign(Buffer.from(bytes), { size: bytes.length, type }) as unknown as Blob;
}

/** What the request builder writes a body with (pact-core's interaction, which it keeps to itself). */
interface RawBody {
  withRequestBody(body: string, contentType: string): void;
}

/**
 * A request body of exactly these bytes. The builder's `body` writes a rule that any bytes of the
 * content type match, and no file is ever detected as `application/offset+octet-stream`. The
 * bytes go as text, so they must be ASCII (the contract's PDF is).
 */
function exactBody(b: V4RequestBuilder, contentType: string, bytes: Buffer): void {
  if (bytes.some((byte) => byte > 0x7f)) throw new Error('exactBody takes ASCII bytes only');
  (b as unknown as { interaction: RawBody }).interaction.withRequestBody(
    bytes.toString('ascii'),
    contentType,
  );
}

/** A failed request is not tried again: the mock server's 500 for a request it does not expect ends the test. */
const ONCE = { retryDelays: [] };

/** The creation of an upload of `name`, `size` bytes long (POST /uploads/). */
function creation(state: string, description: string, name: string, size: number) {
  return extensions
    .addInteraction()
    .given(state)
    .uponReceiving(description)
    .withRequest('POST', apiPath('/uploads/'), (b) =>
      b.headers({
        ...bearer,
        ...TUS,
        'Upload-Length': String(size),
        'Upload-Metadata': metadataOf(name),
      }),
    );
}

describe('Resumable upload contract: POST /uploads/ and PATCH /uploads/{id} (tus)', () => {
  it('creates an upload, then sends its bytes; the last part answers the stored file', async () => {
    const size = STATE_PDF.bytes.length;
    creation(
      UPLOAD_STATES.noUploadUnderWay,
      'the creation of a resumable upload of a PDF',
      STATE_PDF.name,
      size,
    ).willRespondWith(201, (b) =>
      b.headers({ ...TUS, Location: regex(UPLOAD_ADDRESS, apiPath(`/uploads/${EXAMPLE_UPLOAD}`)) }),
    );
    await extensions
      .addInteraction()
      .given(UPLOAD_STATES.uploadUnderWay)
      .uponReceiving('the bytes of a resumable upload, all of them in one part')
      .withRequest('PATCH', uploadPath, (b) =>
        exactBody(
          b.headers({ ...bearer, ...TUS, 'Upload-Offset': '0' }),
          'application/offset+octet-stream',
          STATE_PDF.bytes,
        ),
      )
      .willRespondWith(200, (b) =>
        b
          .headers({ ...TUS, ...JSON_CONTENT, 'Upload-Offset': String(size) })
          .jsonBody({ file: regex(FILE_ADDRESS, EXAMPLE_FILE), name: STATE_PDF.name, size: integer(size) }),
      )
      .executeTest(async (mockServer) => {
        const addresses: string[] = [];
        const shares: number[] = [];
        const stored = await resumableUpload(
          signedInBearer(mockServer),
          nodeFile(STATE_PDF.bytes, 'application/pdf'),
          STATE_PDF.name,
          {
            ...ONCE,
            onAddress: (address) => addresses.push(address),
            onProgress: (share) => shares.push(share),
          },
        );
        expect(stored).toEqual({ file: EXAMPLE_FILE, name: STATE_PDF.name, size });
        expect(addresses).toEqual([`${mockServer.url}${apiPath(`/uploads/${EXAMPLE_UPLOAD}`)}`]);
        expect(shares.at(-1)).toBe(1);
      });
  });

  it('refuses to create an upload of a file that is not of a kind the API stores', async () => {
    await creation(
      UPLOAD_STATES.noUploadUnderWay,
      'the creation of a resumable upload of a program',
      'setup.exe',
      STATE_PDF.bytes.length,
    )
      .willRespondWith(400, (b) => b.headers(JSON_CONTENT).jsonBody(errorBody(UPLOAD_MESSAGES.uploadType)))
      .executeTest(async (mockServer) => {
        await expectRefusal(
          resumableUpload(
            signedInBearer(mockServer),
            nodeFile(STATE_PDF.bytes, 'application/x-msdownload'),
            'setup.exe',
            ONCE,
          ),
          400,
          UPLOAD_MESSAGES.uploadType,
        );
      });
  });
});

describe('Resumable upload contract: DELETE /uploads/{id} (tus termination)', () => {
  it('cancels an upload under way: the server forgets the part it has', async () => {
    await extensions
      .addInteraction()
      .given(UPLOAD_STATES.uploadUnderWay)
      .uponReceiving('the cancellation of a resumable upload')
      .withRequest('DELETE', uploadPath, (b) => b.headers({ ...bearer, ...TUS }))
      .willRespondWith(204, (b) => b.headers(TUS))
      .executeTest(async (mockServer) => {
        // A failure is let go by the app: the mock server's record of the request is the check.
        await abandonResumableUpload(
          signedInBearer(mockServer),
          `${mockServer.url}${apiPath(`/uploads/${EXAMPLE_UPLOAD}`)}`,
        );
      });
  });
});
