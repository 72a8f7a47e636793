-- Client accounts moved by a broker-of-record change before it reset them kept the old agency's agent and team,
-- which the new agency then read on the account. Those are cleared: an agent or team of another agency than the
-- account's own is not the account's. (Provider staff set as an account's agent are left as they are.)
UPDATE account_details d
   SET agent_user_id = NULL
  FROM accounts a, users u, accounts owner
 WHERE a.id = d.account_id
   AND u.id = d.agent_user_id
   AND owner.id = u.account_id
   AND owner.account_type = 'AGENCY'
   AND owner.id IS DISTINCT FROM a.agency_id;

UPDATE account_details d
   SET team_id = NULL
  FROM accounts a, teams t
 WHERE a.id = d.account_id
   AND t.id = d.team_id
   AND t.account_id IS DISTINCT FROM a.agency_id;
