-- Payments: course prices, enrolments created by payment, payments by card (through the gateway),
-- digital wallet, cash or none (a free course), receipts, and the simulated gateway's own ledger.

-- Prices in whole halalas (1 riyal = 100 halalas); 0 is a free course. A change raises the
-- catalogue version through the trigger of migration 009, so course details answer the new price.
ALTER TABLE courses ADD COLUMN price_halalas integer NOT NULL DEFAULT 0 CHECK (price_halalas >= 0);
-- Courses seeded before prices existed get one of the seed's prices (server/seed-public.ts).
UPDATE courses SET price_halalas = (ARRAY[0, 49900, 29900, 75000, 19900, 120000])[id % 6 + 1]
  WHERE slug IS NOT NULL;

CREATE TABLE enrolments (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  course_id integer NOT NULL REFERENCES courses (id) ON DELETE CASCADE,
  status text NOT NULL CHECK (status IN
    ('awaiting_payment', 'enrolled', 'withdrawal_requested', 'withdrawn', 'dropped')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, course_id)
);
CREATE INDEX enrolments_course_idx ON enrolments (course_id);

CREATE TABLE payments (
  id uuid PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
  course_id integer NOT NULL REFERENCES courses (id) ON DELETE RESTRICT,
  method text NOT NULL CHECK (method IN ('card', 'wallet', 'cash', 'free')),
  status text NOT NULL CHECK (status IN
    ('initiated', 'awaiting_wallet_code', 'awaiting_cash', 'paid', 'failed')),
  subtotal integer NOT NULL CHECK (subtotal >= 0),
  vat integer NOT NULL CHECK (vat >= 0),
  total integer NOT NULL CHECK (total = subtotal + vat),
  -- Basis points: 1500 = 15 %.
  vat_rate integer NOT NULL CHECK (vat_rate >= 0),
  -- One per attempt, chosen by the client: the same key answers the same payment.
  idempotency_key uuid NOT NULL,
  -- The gateway's id of the payment (card), once the gateway has it.
  gateway_reference text UNIQUE,
  failure_reason text CHECK (failure_reason IN
    ('declined', 'insufficient_funds', 'authentication_failed', 'wallet_code_tries', 'wallet_code_expired',
     'already_paid')),
  -- Refunds (a withdrawal approved before the course starts): due, then refunded by the gateway.
  refund_status text CHECK (refund_status IN ('due', 'refunded')),
  wallet_phone text,
  wallet_code_hash text,
  wallet_code_tries integer NOT NULL DEFAULT 0,
  wallet_code_expires_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  paid_at timestamptz,
  UNIQUE (user_id, idempotency_key)
);
-- A user pays for a course at most once.
CREATE UNIQUE INDEX payments_one_paid_per_course ON payments (user_id, course_id) WHERE status = 'paid';
CREATE INDEX payments_user_idx ON payments (user_id, created_at DESC);

-- What the simplified tax invoice shows, kept as it was when issued.
CREATE TABLE receipts (
  receipt_number integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  payment_id uuid NOT NULL UNIQUE REFERENCES payments (id) ON DELETE RESTRICT,
  issued_at timestamptz NOT NULL DEFAULT now(),
  seller_name text NOT NULL,
  seller_name_ar text NOT NULL,
  vat_number text NOT NULL,
  course_title text NOT NULL,
  course_title_ar text NOT NULL,
  subtotal integer NOT NULL,
  vat integer NOT NULL,
  total integer NOT NULL,
  vat_rate integer NOT NULL,
  method text NOT NULL
);

-- The simulated card gateway's own ledger (server/payments/gateway.ts); the API reaches it only
-- through the gateway's calls.
CREATE TABLE gateway_payments (
  id uuid PRIMARY KEY,
  -- The merchant's id of the payment: creating twice with it answers the first one.
  given_id text NOT NULL UNIQUE,
  amount integer NOT NULL CHECK (amount > 0),
  currency text NOT NULL,
  description text NOT NULL,
  callback_url text NOT NULL,
  status text NOT NULL CHECK (status IN ('initiated', 'challenge', 'paid', 'failed', 'refunded')),
  message text,
  card_last4 text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
