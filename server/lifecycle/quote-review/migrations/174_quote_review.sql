-- The wholesale review page and the insured's side of a quote (spec 002 section 2 'Wholesale quote review
-- page', section 4 'Review page', section 6 'Send quote to policyholder'; spec 000 /quote/{id}/request-to-bind
-- and /customer/quotes/{quoteId}/sign/{product}). The policyholder the quote was sent to is a user of the
-- client account; they reach the quote by a one-time-code link (workflows), attest as the named insured
-- and sign, which sends the request to bind.
ALTER TABLE quotes
  ADD COLUMN policyholder_user_id uuid REFERENCES users(id) ON DELETE SET NULL,
  ADD COLUMN sent_to_policyholder_at timestamptz,
  -- The agent's (or the insured's) request to bind: wra_request_to_bind is set with it.
  ADD COLUMN request_to_bind_at timestamptz,
  ADD COLUMN request_to_bind_by uuid REFERENCES users(id) ON DELETE SET NULL,
  -- The named insured ticked the terms of the attestation (spec 002 section 4 'Attestation (name insured)').
  ADD COLUMN insured_attested_at timestamptz,
  -- The insured's electronic signature: the name they typed and when.
  ADD COLUMN signed_at timestamptz,
  ADD COLUMN signed_name text CHECK (signed_name IS NULL OR length(signed_name) BETWEEN 2 AND 200),
  ADD CONSTRAINT quotes_signed_after_attesting CHECK (signed_at IS NULL OR insured_attested_at IS NOT NULL);
