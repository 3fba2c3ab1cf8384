/**
 * Provider states of the certificate check contract (tests/pact/certificates.pact.test.ts), set up
 * by tests/provider/certificates-states.ts. Keep the wording stable: it is written into the pact files.
 */
export const CERTIFICATE_STATES = {
  valid: 'a certificate that was issued and stands',
  revoked: 'a certificate that was issued and then revoked',
  unknown: 'no certificate has the code asked for',
} as const;

/** Keys of what the certificate states return: the code of the state's certificate. */
export const INJECTED_CERTIFICATE = {
  code: 'certificateCode',
} as const;
