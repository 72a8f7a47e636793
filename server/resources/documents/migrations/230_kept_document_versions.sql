-- Proposals, policy declarations, invoices and commission statements show their records as they stand, so the
-- library's entry for each is rendered on download (and a policy's plain certificate is printed as of the day). What was handed out is kept as well (documents/
-- document-versions.ts): every download renders the document, and when its bytes differ from the copy last kept
-- for that entry they are stored as its next version ('<entry doc_id>-v<n>'). The library lists each kept
-- version beside the living entry, with its size, and serves it exactly as it was. A version follows its record
-- for who may see it (a broker-of-record move takes the policy's versions with it), as every generated entry does.
ALTER TABLE generated_documents
  ADD COLUMN living_id text CHECK (length(living_id) BETWEEN 1 AND 200),
  ADD COLUMN version integer CHECK (version >= 1),
  ADD COLUMN digest text CHECK (length(digest) = 64),
  ADD COLUMN source text CHECK (source IN ('PROPOSAL', 'POLICY', 'INVOICE', 'CERTIFICATE', 'COMMISSION_STATEMENT', 'AGENCY_BILL_INVOICE')),
  ADD COLUMN record_id uuid,
  ADD COLUMN doc_type text CHECK (length(doc_type) BETWEEN 1 AND 80),
  ADD COLUMN doc_name text CHECK (length(doc_name) BETWEEN 1 AND 200),
  ADD CONSTRAINT generated_documents_version_whole CHECK (
    (living_id IS NULL AND version IS NULL AND digest IS NULL AND source IS NULL AND record_id IS NULL AND doc_type IS NULL AND doc_name IS NULL)
    OR (living_id IS NOT NULL AND version IS NOT NULL AND digest IS NOT NULL AND source IS NOT NULL AND record_id IS NOT NULL AND doc_type IS NOT NULL AND doc_name IS NOT NULL));

CREATE UNIQUE INDEX generated_documents_living_version ON generated_documents (living_id, version) WHERE living_id IS NOT NULL;

-- Every row of migration 229's view, with a version column (NULL), and the kept versions. The proposal, binder and
-- policy entries are named as their downloads name them (documents/documentFileName: the insured's name, then the
-- number), where 229 left the name out.
CREATE OR REPLACE VIEW document_entries AS
  SELECT d.id::text AS doc_id, 'UPLOAD' AS source, d.id AS record_id, d.account_id, d.agency_id, d.doc_type, d.doc_name, d.file_name,
    d.file_type, d.size_bytes, d.product_type, false AS system_generated, d.doc_time, d.uploaded_by_name, d.uploaded_at, d.modified_at, NULL::integer AS version
  FROM documents d
  UNION ALL
  SELECT 'proposal-' || q.id, 'PROPOSAL', q.id, q.account_id, q.agency_id, 'QUOTE_PROPOSAL', 'Quote Proposal ' || q.quote_number,
    regexp_replace(a.name, '[^A-Za-z0-9]+', '_', 'g') || '_' || q.quote_number || '_Proposal.pdf', 'pdf', NULL, q.product, true, q.created_at::date, 'System', q.created_at, q.modified_at, NULL::integer AS version
  FROM quotes q JOIN accounts a ON a.id = q.account_id WHERE q.status NOT IN ('DELETED', 'DRAFT') AND q.agency_status <> 'INVALID' AND q.is_endorsement = false
  UNION ALL
  SELECT 'binder-' || q.id, 'BINDER', q.id, q.account_id, q.agency_id, 'BINDER', 'Binder ' || q.binder_number,
    coalesce(g.file_name, regexp_replace(a.name, '[^A-Za-z0-9]+', '_', 'g') || '_' || q.binder_number || '_Binder.pdf'), 'pdf', g.size_bytes, q.product, true, q.bound_at::date, 'System', q.bound_at, q.modified_at, NULL::integer AS version
  FROM quotes q JOIN accounts a ON a.id = q.account_id LEFT JOIN generated_documents g ON g.doc_id = 'binder-' || q.id WHERE q.binder_number IS NOT NULL
  UNION ALL
  SELECT 'policy-' || p.id, 'POLICY', p.id, p.account_id, p.agency_id, 'POLICY', 'Policy ' || p.policy_number,
    regexp_replace(coalesce(p.named_insured, a.name), '[^A-Za-z0-9]+', '_', 'g') || '_' || p.policy_number || '_Policy.pdf', 'pdf', NULL, p.product, true,
    p.issued_at::date, 'System', p.issued_at, p.modified_at, NULL::integer AS version
  FROM policies p JOIN accounts a ON a.id = p.account_id
  UNION ALL
  SELECT 'receipt-' || t.id, 'RECEIPT', t.id, p.account_id, p.agency_id, 'RECEIPT', 'Receipt ' || t.transaction_id,
    'Receipt_' || t.transaction_id || '.pdf', 'pdf', g.size_bytes, p.product, true, t.payment_date, 'System', t.created_at, t.modified_at, NULL::integer AS version
  FROM payment_transactions t JOIN policies p ON p.id = t.policy_id LEFT JOIN generated_documents g ON g.doc_id = 'receipt-' || t.id WHERE t.status = 'Paid'
  UNION ALL
  SELECT 'invoice-' || p.id, 'INVOICE', p.id, p.account_id, p.agency_id, 'INVOICE', 'Invoice INV-' || p.policy_number,
    'INV-' || p.policy_number || '.pdf', 'pdf', NULL, p.product, true, p.issued_at::date, 'System', p.issued_at, p.modified_at, NULL::integer AS version
  FROM policies p
  UNION ALL
  SELECT 'certificate-' || c.id, 'CERTIFICATE', c.id, p.account_id, p.agency_id, 'CERTIFICATE', 'Certificate ' || p.policy_number || ' - ' || c.organization_name,
    regexp_replace(coalesce(p.named_insured, a.name), '[^A-Za-z0-9]+', '_', 'g') || '_' || p.policy_number || '_Certificate.pdf', 'pdf', g.size_bytes, p.product, true,
    c.requested_at::date, 'System', c.requested_at, c.requested_at, NULL::integer AS version
  FROM policy_certificates c JOIN policies p ON p.id = c.policy_id JOIN accounts a ON a.id = p.account_id LEFT JOIN generated_documents g ON g.doc_id = 'certificate-' || c.id
  UNION ALL
  SELECT 'notice-' || p.id, 'NOTICE', p.id, p.account_id, p.agency_id, 'NOTICE_OF_CANCELLATION', 'Notice of Cancellation ' || p.policy_number,
    regexp_replace(coalesce(p.named_insured, a.name), '[^A-Za-z0-9]+', '_', 'g') || '_' || p.policy_number || '_Notice_of_Cancellation.pdf', 'pdf', g.size_bytes, p.product, true,
    p.noc_issued_at::date, 'System', p.noc_issued_at, p.modified_at, NULL::integer AS version
  FROM policies p JOIN accounts a ON a.id = p.account_id
    LEFT JOIN generated_documents g ON g.doc_id = 'notice-' || p.id || '-' || (extract(epoch FROM p.noc_issued_at) * 1000)::bigint
  WHERE p.noc_issued_at IS NOT NULL
  UNION ALL
  SELECT 'surplus-notice-' || q.id, 'SURPLUS_NOTICE', q.id, q.account_id, q.agency_id, 'SURPLUS_NOTICE', 'Surplus Lines Notice ' || q.quote_number,
    q.quote_number || '_Surplus_Notice.pdf', 'pdf', g.size_bytes, q.product, true, q.surplus_notice_attested_at::date, 'System', q.surplus_notice_attested_at, q.modified_at, NULL::integer AS version
  FROM quotes q LEFT JOIN generated_documents g ON g.doc_id = 'surplus-notice-' || q.id WHERE q.surplus_notice_attested_at IS NOT NULL
  UNION ALL
  SELECT 'commission-statement-' || l.agency_id || '-' || to_char(date_trunc('month', l.transaction_date), 'YYYY-MM'), 'COMMISSION_STATEMENT', l.agency_id, NULL::uuid, l.agency_id, 'COMMISSION_STATEMENT',
    'Commission Statement ' || to_char(date_trunc('month', l.transaction_date), 'FMMonth YYYY'),
    'Commission_Statement_' || regexp_replace(ag.name, '[^A-Za-z0-9]+', '_', 'g') || '_' || to_char(date_trunc('month', l.transaction_date), 'YYYY-MM') || '.pdf', 'pdf', NULL, NULL, true,
    max(l.transaction_date), 'System', max(l.created_at), max(l.modified_at), NULL::integer AS version
  FROM commission_lines l JOIN accounts ag ON ag.id = l.agency_id
  GROUP BY l.agency_id, ag.name, date_trunc('month', l.transaction_date)
  UNION ALL
  SELECT 'agency-bill-invoice-' || l.agency_id || '-' || to_char(date_trunc('month', l.transaction_date), 'YYYY-MM'), 'AGENCY_BILL_INVOICE', l.agency_id, NULL::uuid, l.agency_id, 'AGENCY_BILL_INVOICE',
    'Agency Bill Invoice ' || to_char(date_trunc('month', l.transaction_date), 'FMMonth YYYY'),
    'Agency_Bill_Invoice_' || regexp_replace(ag.name, '[^A-Za-z0-9]+', '_', 'g') || '_' || to_char(date_trunc('month', l.transaction_date), 'YYYY-MM') || '.pdf', 'pdf', NULL, NULL, true,
    max(l.transaction_date), 'System', max(l.created_at), max(l.modified_at), NULL::integer AS version
  FROM commission_lines l JOIN accounts ag ON ag.id = l.agency_id
  WHERE l.agency_billed
  GROUP BY l.agency_id, ag.name, date_trunc('month', l.transaction_date)
  UNION ALL
  SELECT g.doc_id, g.source, g.record_id, coalesce(p.account_id, q.account_id),
    CASE WHEN g.source IN ('COMMISSION_STATEMENT', 'AGENCY_BILL_INVOICE') THEN g.record_id ELSE coalesce(p.agency_id, q.agency_id) END,
    g.doc_type, g.doc_name || ' (version ' || g.version || ')', g.file_name, 'pdf', g.size_bytes, coalesce(p.product, q.product), true,
    g.created_at::date, 'System', g.created_at, g.created_at, g.version
  FROM generated_documents g
    LEFT JOIN policies p ON g.source IN ('POLICY', 'INVOICE', 'CERTIFICATE') AND p.id = g.record_id
    LEFT JOIN quotes q ON g.source = 'PROPOSAL' AND q.id = g.record_id
  WHERE g.living_id IS NOT NULL AND (p.id IS NOT NULL OR q.id IS NOT NULL OR g.source IN ('COMMISSION_STATEMENT', 'AGENCY_BILL_INVOICE'));
