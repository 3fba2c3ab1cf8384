-- The profile screen (spec section 3 "Profile edit"): the person's user type, a photo, e-mail
-- changes confirmed by a code sent to the new address, and closing an account.
ALTER TABLE users ADD COLUMN user_type text
  CHECK (user_type IN ('Student', 'Govt Employee', 'Private Sector', 'Others'));

-- An uploaded photo: its path under DATA_DIR/uploads (users.image holds the address it is served at).
ALTER TABLE users ADD COLUMN photo_file text;

-- A closed account keeps its row and id, so that payments, receipts and enrolments that name it stay
-- whole (Saudi VAT records must be kept); its personal data is cleared and its e-mail address freed.
-- closed_email_key is a keyed hash (HMAC) of the address it used: the sign-in can then tell someone
-- who knows that address and the password that the account is closed, without keeping the address.
ALTER TABLE users ADD COLUMN closed_at timestamptz;
ALTER TABLE users ADD COLUMN closed_email_key text;
CREATE INDEX users_closed_email_key_idx ON users (closed_email_key) WHERE closed_email_key IS NOT NULL;

-- A code for an e-mail change goes to the new address, kept beside the code until it is confirmed.
ALTER TABLE otp_codes DROP CONSTRAINT otp_codes_purpose_check;
ALTER TABLE otp_codes ADD CONSTRAINT otp_codes_purpose_check
  CHECK (purpose IN ('registration', 'reset', 'email_change'));
ALTER TABLE otp_codes ADD COLUMN new_email text;
ALTER TABLE otp_codes ADD CONSTRAINT otp_codes_new_email_check
  CHECK ((purpose = 'email_change') = (new_email IS NOT NULL));
