import { startSession } from '../../server/auth/sessions';
import type { TestServer } from '../../server/testing';
import type { UserRow } from '../../server/users';
import { INJECTED_ACCESS_TOKEN } from '../pact/states';
import { INJECTED_UPLOAD_ID, STATE_PDF, UPLOAD_STATES } from '../pact/upload-states';
import type { StateHandlers } from './pact-files';

/**
 * The provider states of the resumable-upload contracts: the demo trainee signed in with no upload
 * under way (the limit of uploads in flight is never in the way), and with one created through the
 * server's own tus endpoint, as the app creates it, whose id the state returns.
 */
export function uploadStateHandlers(server: TestServer, trainee: () => Promise<UserRow>): StateHandlers {
  const { db, tokens } = server;

  async function signedInWithoutUploads() {
    const user = await trainee();
    await db.query('DELETE FROM resumable_uploads WHERE owner_id = $1', [user.id]);
    const { access_token: accessToken } = await startSession(db, tokens, user);
    return { accessToken };
  }

  /** POST /api/v1/uploads/ of the contract's PDF; answers the new upload's id. */
  async function createUpload(accessToken: string): Promise<string> {
    const response = await fetch(new URL('/api/v1/uploads/', server.url), {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${accessToken}`,
        'Tus-Resumable': '1.0.0',
        'Upload-Length': String(STATE_PDF.bytes.length),
        'Upload-Metadata': `filename ${Buffer.from(STATE_PDF.name).toString('base64')}`,
      },
    });
    const id = response.headers.get('Location')?.split('/').pop();
    if (response.status !== 201 || !id) {
      throw new Error(`Creating the state's upload answered ${response.status}: ${await response.text()}`);
    }
    return id;
  }

  return {
    [UPLOAD_STATES.noUploadUnderWay]: async () => {
      const { accessToken } = await signedInWithoutUploads();
      return { [INJECTED_ACCESS_TOKEN]: accessToken };
    },
    [UPLOAD_STATES.uploadUnderWay]: async () => {
      const { accessToken } = await signedInWithoutUploads();
      return { [INJECTED_ACCESS_TOKEN]: accessToken, [INJECTED_UPLOAD_ID]: await createUpload(accessToken) };
    },
  };
}
