-- A notice of cancellation is kept as it was given (documents/issued-documents.ts), like a binder or a receipt:
-- it is a notice handed to the policyholder, and a later rename of the insured or a broker-of-record move must
-- not rewrite it. One policy may be given notice, have it stopped and be given notice again, so a kept notice
-- is keyed by its policy and the moment it was given ('notice-<policy id>-<epoch milliseconds>'); the library
-- shows the kept copy's size for the notice the policy is under now. Every other column and row is as before.
CREATE OR REPLACE VIEW document_entries AS
  SELECT d.id::text AS doc_id, 'UPLOAD' AS source, d.id AS record_id, d.account_id, d.agency_id, d.doc_type, d.doc_name, d.file_name,
    d.file_type, d.size_bytes, d.product_type, false AS system_generated, d.doc_time, d.uploaded_by_name, d.uploaded_at, d.modified_at
  FROM documents d
  UNION ALL
  SELECT 'proposal-' || q.id, 'PROPOSAL', q.id, q.account_id, q.agency_id, 'QUOTE_PROPOSAL', 'Quote Proposal ' || q.quote_number,
    q.quote_number || '_Proposal.pdf', 'pdf', NULL, q.product, true, q.created_at::date, 'System', q.created_at, q.modified_at
  FROM quotes q WHERE q.status NOT IN ('DELETED', 'DRAFT') AND q.agency_status <> 'INVALID' AND q.is_endorsement = false
  UNION ALL
  SELECT 'binder-' || q.id, 'BINDER', q.id, q.account_id, q.agency_id, 'BINDER', 'Binder ' || q.binder_number,
    q.binder_number || '_Binder.pdf', 'pdf', g.size_bytes, q.product, true, q.bound_at::date, 'System', q.bound_at, q.modified_at
  FROM quotes q LEFT JOIN generated_documents g ON g.doc_id = 'binder-' || q.id WHERE q.binder_number IS NOT NULL
  UNION ALL
  SELECT 'policy-' || p.id, 'POLICY', p.id, p.account_id, p.agency_id, 'POLICY', 'Policy ' || p.policy_number,
    p.policy_number || '_Policy.pdf', 'pdf', NULL, p.product, true, p.issued_at::date, 'System', p.issued_at, p.modified_at
  FROM policies p
  UNION ALL
  SELECT 'receipt-' || t.id, 'RECEIPT', t.id, p.account_id, p.agency_id, 'RECEIPT', 'Receipt ' || t.transaction_id,
    'Receipt_' || t.transaction_id || '.pdf', 'pdf', g.size_bytes, p.product, true, t.payment_date, 'System', t.created_at, t.modified_at
  FROM payment_transactions t JOIN policies p ON p.id = t.policy_id LEFT JOIN generated_documents g ON g.doc_id = 'receipt-' || t.id WHERE t.status = 'Paid'
  UNION ALL
  SELECT 'invoice-' || p.id, 'INVOICE', p.id, p.account_id, p.agency_id, 'INVOICE', 'Invoice INV-' || p.policy_number,
    'INV-' || p.policy_number || '.pdf', 'pdf', NULL, p.product, true, p.issued_at::date, 'System', p.issued_at, p.modified_at
  FROM policies p
  UNION ALL
  SELECT 'certificate-' || c.id, 'CERTIFICATE', c.id, p.account_id, p.agency_id, 'CERTIFICATE', 'Certificate ' || p.policy_number || ' - ' || c.organization_name,
    regexp_replace(coalesce(p.named_insured, a.name), '[^A-Za-z0-9]+', '_', 'g') || '_' || p.policy_number || '_Certificate.pdf', 'pdf', g.size_bytes, p.product, true,
    c.requested_at::date, 'System', c.requested_at, c.requested_at
  FROM policy_certificates c JOIN policies p ON p.id = c.policy_id JOIN accounts a ON a.id = p.account_id LEFT JOIN generated_documents g ON g.doc_id = 'certificate-' || c.id
  UNION ALL
  SELECT 'notice-' || p.id, 'NOTICE', p.id, p.account_id, p.agency_id, 'NOTICE_OF_CANCELLATION', 'Notice of Cancellation ' || p.policy_number,
    regexp_replace(coalesce(p.named_insured, a.name), '[^A-Za-z0-9]+', '_', 'g') || '_' || p.policy_number || '_Notice_of_Cancellation.pdf', 'pdf', g.size_bytes, p.product, true,
    p.noc_issued_at::date, 'System', p.noc_issued_at, p.modified_at
  FROM policies p JOIN accounts a ON a.id = p.account_id
    LEFT JOIN generated_documents g ON g.doc_id = 'notice-' || p.id || '-' || (extract(epoch FROM p.noc_issued_at) * 1000)::bigint
  WHERE p.noc_issued_at IS NOT NULL
  UNION ALL
  SELECT 'surplus-notice-' || q.id, 'SURPLUS_NOTICE', q.id, q.account_id, q.agency_id, 'SURPLUS_NOTICE', 'Surplus Lines Notice ' || q.quote_number,
    q.quote_number || '_Surplus_Notice.pdf', 'pdf', g.size_bytes, q.product, true, q.surplus_notice_attested_at::date, 'System', q.surplus_notice_attested_at, q.modified_at
  FROM quotes q LEFT JOIN generated_documents g ON g.doc_id = 'surplus-notice-' || q.id WHERE q.surplus_notice_attested_at IS NOT NULL
  UNION ALL
  SELECT 'commission-statement-' || l.agency_id || '-' || to_char(date_trunc('month', l.transaction_date), 'YYYY-MM'), 'COMMISSION_STATEMENT', l.agency_id, NULL::uuid, l.agency_id, 'COMMISSION_STATEMENT',
    'Commission Statement ' || to_char(date_trunc('month', l.transaction_date), 'FMMonth YYYY'),
    'Commission_Statement_' || regexp_replace(ag.name, '[^A-Za-z0-9]+', '_', 'g') || '_' || to_char(date_trunc('month', l.transaction_date), 'YYYY-MM') || '.pdf', 'pdf', NULL, NULL, true,
    max(l.transaction_date), 'System', max(l.created_at), max(l.modified_at)
  FROM commission_lines l JOIN accounts ag ON ag.id = l.agency_id
  GROUP BY l.agency_id, ag.name, date_trunc('month', l.transaction_date)
  UNION ALL
  SELECT 'agency-bill-invoice-' || l.agency_id || '-' || to_char(date_trunc('month', l.transaction_date), 'YYYY-MM'), 'AGENCY_BILL_INVOICE', l.agency_id, NULL::uuid, l.agency_id, 'AGENCY_BILL_INVOICE',
    'Agency Bill Invoice ' || to_char(date_trunc('month', l.transaction_date), 'FMMonth YYYY'),
    'Agency_Bill_Invoice_' || regexp_replace(ag.name, '[^A-Za-z0-9]+', '_', 'g') || '_' || to_char(date_trunc('month', l.transaction_date), 'YYYY-MM') || '.pdf', 'pdf', NULL, NULL, true,
    max(l.transaction_date), 'System', max(l.created_at), max(l.modified_at)
  FROM commission_lines l JOIN accounts ag ON ag.id = l.agency_id
  WHERE l.agency_billed
  GROUP BY l.agency_id, ag.name, date_trunc('month', l.transaction_date);
