import type { Db } from '../../server/db';
import { DEMO_ACCOUNTS } from '../../server/demo-accounts';
import { revokeCertificate } from '../../server/records/certificates';
import { RECORD_COURSES } from '../../server/records/seed';
import { seed } from '../../server/seed';
import type { TestServer } from '../../server/testing';
import { CERTIFICATE_STATES, INJECTED_CERTIFICATE } from '../pact/certificates-states';
import type { StateHandlers } from './pact-files';

/** The demo trainee's certificate, standing again whatever an earlier state did to it. */
export async function standingCertificate(db: Db): Promise<string> {
  await seed(db);
  const { rows } = await db.query<{ code: string }>(
    `UPDATE certificates c SET revoked_at = NULL, revoke_reason = NULL
       FROM users u, courses k
       WHERE u.id = c.user_id AND u.email = $1 AND k.id = c.course_id AND k.slug = $2
       RETURNING c.code`,
    [DEMO_ACCOUNTS.trainee.email, RECORD_COURSES.completed.slug],
  );
  const code = rows[0]?.code;
  if (!code) throw new Error('The seed issued the demo trainee no certificate');
  return code;
}

/**
 * The provider states of the certificate check: the demo trainee's seeded certificate of Project
 * Management Essentials (server/certificates/seed.ts), standing or revoked.
 */
export function certificateStateHandlers(server: TestServer): StateHandlers {
  const { db } = server;
  const standing = () => standingCertificate(db);

  return {
    [CERTIFICATE_STATES.valid]: async () => ({ [INJECTED_CERTIFICATE.code]: await standing() }),
    [CERTIFICATE_STATES.revoked]: async () => {
      const code = await standing();
      await revokeCertificate(db, code, 'Issued by mistake');
      return { [INJECTED_CERTIFICATE.code]: code };
    },
    [CERTIFICATE_STATES.unknown]: async () => {
      await seed(db);
      return undefined;
    },
  };
}
