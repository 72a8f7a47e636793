-- Subjectivities of a quote (spec 002 section 3 Quote: subjectivities; section 7 'subjectivities'): the
-- conditions an underwriter sets that the insured must meet (a signed application, evidence of backups), each
-- kept with who set it and when, and marked received once the agency has sent what it asks for. They were a
-- list of texts on the quote; each becomes a row, open.
CREATE TABLE quote_subjectivities (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- The order they were set in, even within one instant.
  seq bigint GENERATED ALWAYS AS IDENTITY,
  quote_id uuid NOT NULL REFERENCES quotes(id) ON DELETE CASCADE,
  text text NOT NULL CHECK (length(text) BETWEEN 1 AND 500),
  created_by uuid REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL,
  received_by uuid REFERENCES users(id) ON DELETE SET NULL,
  received_at timestamptz
);
CREATE INDEX quote_subjectivities_quote_idx ON quote_subjectivities (quote_id, seq);

INSERT INTO quote_subjectivities (quote_id, text, created_at)
SELECT q.id, left(item.value, 500), q.created_at
FROM quotes q CROSS JOIN LATERAL jsonb_array_elements_text(q.subjectivities) WITH ORDINALITY AS item(value, position)
WHERE length(item.value) > 0
ORDER BY q.id, item.position;

ALTER TABLE quotes DROP COLUMN subjectivities;
