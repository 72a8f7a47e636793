-- Documents (spec 002 section 3 'Documents', section 7 /api/docs/v1): files people upload about a client
-- account, or about their agency alone. A document on an account with no agency is visible to every agency
-- interested in the account; one with an agency only to that agency (and provider staff). The bytes are
-- kept here, checked by content before they are stored.
CREATE TABLE documents (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id uuid REFERENCES accounts(id) ON DELETE CASCADE,
  agency_id uuid REFERENCES accounts(id) ON DELETE CASCADE,
  doc_type text NOT NULL CHECK (length(doc_type) BETWEEN 1 AND 80),
  doc_name text NOT NULL CHECK (length(doc_name) BETWEEN 1 AND 200),
  file_name text NOT NULL CHECK (length(file_name) BETWEEN 1 AND 200),
  file_type text NOT NULL,
  content_type text NOT NULL,
  size_bytes integer NOT NULL CHECK (size_bytes > 0),
  content bytea NOT NULL,
  product_type text,
  -- Uploaded from a note (spec 002: temp is true when from notes).
  temp boolean NOT NULL DEFAULT false,
  doc_time date NOT NULL,
  uploaded_by uuid REFERENCES users(id) ON DELETE SET NULL,
  uploaded_by_name text NOT NULL,
  uploaded_at timestamptz NOT NULL,
  modified_at timestamptz NOT NULL,
  CHECK (account_id IS NOT NULL OR agency_id IS NOT NULL)
);
CREATE INDEX documents_account_idx ON documents (account_id, uploaded_at DESC);
CREATE INDEX documents_agency_idx ON documents (agency_id, uploaded_at DESC);

-- Every document the library lists: the uploaded ones, and those the product generates from its records
-- (quote proposals, binders, policies, payment receipts), which are rendered again on download from the
-- record they describe, so they can never disagree with it.
CREATE VIEW document_entries AS
  SELECT d.id::text AS doc_id, 'UPLOAD' AS source, d.id AS record_id, d.account_id, d.agency_id, d.doc_type, d.doc_name, d.file_name,
    d.file_type, d.size_bytes, d.product_type, false AS system_generated, d.doc_time, d.uploaded_by_name, d.uploaded_at, d.modified_at
  FROM documents d
  UNION ALL
  SELECT 'proposal-' || q.id, 'PROPOSAL', q.id, q.account_id, q.agency_id, 'QUOTE_PROPOSAL', 'Quote Proposal ' || q.quote_number,
    q.quote_number || '_Proposal.pdf', 'pdf', NULL, q.product, true, q.created_at::date, 'System', q.created_at, q.modified_at
  FROM quotes q WHERE q.status NOT IN ('DELETED', 'DRAFT') AND q.agency_status <> 'INVALID' AND q.is_endorsement = false
  UNION ALL
  SELECT 'binder-' || q.id, 'BINDER', q.id, q.account_id, q.agency_id, 'BINDER', 'Binder ' || q.binder_number,
    q.binder_number || '_Binder.pdf', 'pdf', NULL, q.product, true, q.bound_at::date, 'System', q.bound_at, q.modified_at
  FROM quotes q WHERE q.binder_number IS NOT NULL
  UNION ALL
  SELECT 'policy-' || p.id, 'POLICY', p.id, p.account_id, p.agency_id, 'POLICY', 'Policy ' || p.policy_number,
    p.policy_number || '_Policy.pdf', 'pdf', NULL, p.product, true, p.issued_at::date, 'System', p.issued_at, p.modified_at
  FROM policies p
  UNION ALL
  SELECT 'receipt-' || t.id, 'RECEIPT', t.id, p.account_id, p.agency_id, 'RECEIPT', 'Receipt ' || t.transaction_id,
    'Receipt_' || t.transaction_id || '.pdf', 'pdf', NULL, p.product, true, t.payment_date, 'System', t.created_at, t.modified_at
  FROM payment_transactions t JOIN policies p ON p.id = t.policy_id WHERE t.status = 'Paid';
