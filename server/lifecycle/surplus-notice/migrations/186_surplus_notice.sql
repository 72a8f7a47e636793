-- The surplus lines notice of a quote written as surplus lines in Louisiana or Montana (spec 000
-- /quote/{id}/attest-surplus-notice; spec 002 section 9 'LA, MT carry surplus-lines rules'): the surplus lines
-- broker attests the state's notice before the quote may be bound. Who attested is the signed-in user (spec 000
-- section 6: the broker identity is the user's name and e-mail), with the agency's licence for the state.
ALTER TABLE quotes
  ADD COLUMN surplus_notice_attested_at timestamptz,
  ADD COLUMN surplus_notice_attested_by uuid REFERENCES users(id) ON DELETE SET NULL,
  -- { firstName, lastName, email, licenseNumber, state } as attested.
  ADD COLUMN surplus_notice_broker jsonb,
  ADD CONSTRAINT quotes_surplus_notice_complete CHECK ((surplus_notice_attested_at IS NULL) = (surplus_notice_broker IS NULL));
