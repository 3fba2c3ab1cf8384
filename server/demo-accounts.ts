import type { Role } from '@contract/wire/common';

export interface DemoAccount {
  email: string;
  password: string;
  full_name: string;
  role: Role;
  phone_number: string;
  govt_id_or_iqama_no: string;
  approved: boolean;
}

/** The accounts the seed creates, for the README, manual checks and tests. */
export const DEMO_ACCOUNTS = {
  trainee: {
    email: 'trainee@example.com',
    password: 'Trainee#2026',
    full_name: 'Sara Al-Qahtani',
    role: 'TRAINEE',
    phone_number: '0551234567',
    govt_id_or_iqama_no: '1098765432',
    approved: true,
  },
  trainer: {
    email: 'trainer@example.com',
    password: 'Trainer#2026',
    full_name: 'Dr. Khalid Al-Mulhim',
    role: 'TRAINER',
    phone_number: '0509876543',
    govt_id_or_iqama_no: '1012345678',
    approved: true,
  },
  /** The centre's staff: after the password, a 7-digit code is mailed (the outbox, in development). */
  staff: {
    email: 'staff@example.com',
    password: 'Staff#2026',
    full_name: 'Centre Administrator',
    role: 'ADMIN',
    phone_number: '0531112233',
    govt_id_or_iqama_no: '1033322211',
    approved: true,
  },
} as const satisfies Record<string, DemoAccount>;

/** Not seeded: a trainer still waiting for approval, created by the tests that need one. */
export const PENDING_TRAINER = {
  email: 'pending.trainer@example.com',
  password: 'Pending#2026',
  full_name: 'Eng. Faisal Al-Naim',
  role: 'TRAINER',
  phone_number: '0564433221',
  govt_id_or_iqama_no: '1033344455',
  approved: false,
} as const satisfies DemoAccount;
