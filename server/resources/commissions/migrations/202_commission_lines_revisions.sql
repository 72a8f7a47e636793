-- Commission lines after endorsements and broker-of-record changes: the issued line is the premium the policy
-- was written for (its bound quote's, not the premium after endorsements) and belongs to the agency that wrote
-- it; each endorsement or revert adds its pro-rata premium change as a line of the agency of record; a
-- cancellation's line stays as it was.
CREATE OR REPLACE VIEW commission_lines AS
  SELECT p.id::text || ':issued' AS id, p.id AS policy_id, coalesce(p.producing_agency_id, p.agency_id) AS agency_id, p.account_id, p.policy_number,
    p.product, p.currency, p.agency_billed, 'New Business' AS line_type, (p.issued_at AT TIME ZONE 'UTC')::date AS transaction_date, p.effective_date,
    q.premium AS commissionable_premium, p.commission_rate, round(q.premium * p.commission_rate, 2) AS commissions_amount,
    q.total_premium, p.created_at, p.modified_at
  FROM policies p JOIN quotes q ON q.id = p.quote_id WHERE p.status NOT IN ('VOID', 'VOID TRANSACTION')
  UNION ALL
  SELECT p.id::text || ':cancelled', p.id, p.agency_id, p.account_id, p.policy_number, p.product, p.currency,
    -- A flat cancellation goes back to the effective date, which may be ahead: the line is dated when it was made.
    p.agency_billed, 'Cancellation', least(p.cancellation_date, (p.modified_at AT TIME ZONE 'UTC')::date), p.effective_date,
    -coalesce(p.return_premium, 0), p.commission_rate, -round(coalesce(p.return_premium, 0) * p.commission_rate, 2),
    -coalesce(p.return_premium, 0), p.created_at, p.modified_at
  FROM policies p WHERE p.cancellation_date IS NOT NULL AND p.status IN ('CANCELLED', 'FLAT CANCELLED')
  UNION ALL
  SELECT p.id::text || ':revision:' || r.revision, p.id, p.agency_id, p.account_id, p.policy_number, p.product, p.currency,
    p.agency_billed, 'Endorsement', (r.created_at AT TIME ZONE 'UTC')::date, r.endorsement_date,
    r.premium_change, p.commission_rate, round(r.premium_change * p.commission_rate, 2), r.total_change, r.created_at, r.created_at
  FROM policy_revisions r JOIN policies p ON p.id = r.policy_id WHERE p.status NOT IN ('VOID', 'VOID TRANSACTION');
