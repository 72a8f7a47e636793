-- Blacklisted domains (spec 001 section 3 Blacklisted domain: name; section 2 dialogs 'Blacklist a domain' and
-- 'delete a blacklisted domain'). A domain is stored lower-case without a trailing dot; blacklisting one also
-- covers its subdomains (server/resources/blacklisted-domains/blacklist.ts).
CREATE TABLE blacklisted_domains (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL UNIQUE CHECK (name = lower(name) AND length(name) BETWEEN 4 AND 253),
  created_at timestamptz NOT NULL,
  created_by uuid REFERENCES users(id) ON DELETE SET NULL
);
