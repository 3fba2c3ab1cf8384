import { VERIFICATION_MESSAGES } from '@contract/messages/verification';
import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import { checkCertificate } from '../../src/api/verification';
import { CERTIFICATE_STATES, INJECTED_CERTIFICATE } from './certificates-states';
import { expectRefusal, interaction } from './interactions';
import { apiPath, JSON_CONTENT, PROVIDERS, pactWith, signedOutClient } from './support';

const { like, integer, number, regex, fromProviderState } = MatchersV3;

// The certificate check is the product's own call: the extensions pact.
const extensions = pactWith(PROVIDERS.extensions);

const DATE = '^\\d{4}-\\d{2}-\\d{2}$';
const INSTANT = '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?Z$';
const EXAMPLE_CODE = 'KFU-7K3M-9QXT-2HVA-PD4R';
const UNKNOWN_CODE = 'KFU-0000-0000-0000-0000';

const statePath = () =>
  fromProviderState(
    apiPath(`/certificates/\${${INJECTED_CERTIFICATE.code}}/`),
    apiPath(`/certificates/${EXAMPLE_CODE}/`),
  );

/** What a certificate states, as the check answers it. */
const certificate = (status: 'valid' | 'revoked') => ({
  code: fromProviderState(`\${${INJECTED_CERTIFICATE.code}}`, EXAMPLE_CODE),
  status,
  holder_name: like('Sara Al-Qahtani'),
  course: {
    id: integer(47),
    title: like('Project Management Essentials'),
    title_ar: like('أساسيات إدارة المشاريع'),
  },
  trainer_name: like('Dr. Khalid Al-Mulhim'),
  start_date: regex(DATE, '2026-09-15'),
  end_date: regex(DATE, '2026-11-10'),
  hours: number(34),
  issued_at: regex(INSTANT, '2026-11-11T08:00:00.000Z'),
  revoked_at: status === 'revoked' ? regex(INSTANT, '2026-11-20T10:30:00.000Z') : null,
  revoke_reason: status === 'revoked' ? like('Issued by mistake') : null,
});

const NO_STORE = { 'Cache-Control': regex('no-store', 'no-store') };

describe('Certificates contract: GET /certificates/{code}/', () => {
  it('answers a valid certificate with what it states, signed out', async () => {
    await interaction(extensions, CERTIFICATE_STATES.valid, 'a check of a certificate that stands')
      .sends('GET', statePath())
      .answers(200, certificate('valid'), { ...JSON_CONTENT, ...NO_STORE })
      .executeTest(async (mockServer) => {
        const answer = await checkCertificate(signedOutClient(mockServer), EXAMPLE_CODE);
        expect(answer).toMatchObject({ code: EXAMPLE_CODE, status: 'valid', revoked_at: null });
      });
  });

  it('answers a revoked certificate with when and why', async () => {
    await interaction(extensions, CERTIFICATE_STATES.revoked, 'a check of a revoked certificate')
      .sends('GET', statePath())
      .answers(200, certificate('revoked'), { ...JSON_CONTENT, ...NO_STORE })
      .executeTest(async (mockServer) => {
        const answer = await checkCertificate(signedOutClient(mockServer), EXAMPLE_CODE);
        expect(answer).toMatchObject({ status: 'revoked', revoke_reason: 'Issued by mistake' });
      });
  });

  it('answers 404 with one sentence for a code no certificate has', async () => {
    await interaction(extensions, CERTIFICATE_STATES.unknown, 'a check of a code no certificate has')
      .sends('GET', apiPath(`/certificates/${UNKNOWN_CODE}/`))
      .refuses(404, VERIFICATION_MESSAGES.unknown)
      .executeTest(async (mockServer) => {
        await expectRefusal(
          checkCertificate(signedOutClient(mockServer), UNKNOWN_CODE),
          404,
          VERIFICATION_MESSAGES.unknown,
        );
      });
  });
});
