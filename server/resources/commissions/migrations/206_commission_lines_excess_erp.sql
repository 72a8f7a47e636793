-- Commission lines for the premium written after issue besides endorsements: an excess layer's premium is a
-- line of the agency of record when the layer is issued, and its return a negative line when it is rescinded;
-- an extended reporting period's premium is a line when it is bought. Commission is at the policy's rate.
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
  FROM policy_revisions r JOIN policies p ON p.id = r.policy_id WHERE p.status NOT IN ('VOID', 'VOID TRANSACTION')
  UNION ALL
  SELECT p.id::text || ':excess:' || x.id, p.id, p.agency_id, p.account_id, p.policy_number, p.product, p.currency,
    p.agency_billed, 'Excess', (x.issued_at AT TIME ZONE 'UTC')::date, p.effective_date,
    x.premium, p.commission_rate, round(x.premium * p.commission_rate, 2), x.total_premium, x.issued_at, x.issued_at
  FROM policy_excess_layers x JOIN policies p ON p.id = x.policy_id WHERE p.status NOT IN ('VOID', 'VOID TRANSACTION')
  UNION ALL
  SELECT p.id::text || ':excess-rescinded:' || x.id, p.id, p.agency_id, p.account_id, p.policy_number, p.product, p.currency,
    p.agency_billed, 'Excess', (x.rescinded_at AT TIME ZONE 'UTC')::date, p.effective_date,
    -x.premium, p.commission_rate, -round(x.premium * p.commission_rate, 2), -x.total_premium, x.rescinded_at, x.rescinded_at
  FROM policy_excess_layers x JOIN policies p ON p.id = x.policy_id WHERE x.status = 'RESCINDED' AND p.status NOT IN ('VOID', 'VOID TRANSACTION')
  UNION ALL
  SELECT p.id::text || ':erp', p.id, p.agency_id, p.account_id, p.policy_number, p.product, p.currency,
    p.agency_billed, 'Extended Reporting', (e.purchased_at AT TIME ZONE 'UTC')::date, e.starts_on,
    e.premium, p.commission_rate, round(e.premium * p.commission_rate, 2), e.premium, e.purchased_at, e.purchased_at
  FROM policy_extended_reporting e JOIN policies p ON p.id = e.policy_id;
