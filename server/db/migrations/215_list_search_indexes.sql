-- The dashboards' lists at a million quotes (issue 9 §3, measured by `npm run bench:search`).
--
-- Contains-searches (`lower(coalesce(column, '')) LIKE '%text%'`, server/list/list-conditions.ts) use trigram
-- indexes built on that very expression. pg_trgm is a trusted extension: a database owner may create it
-- without superuser rights. It lives in public, named by schema below, so databases that keep each tenant or
-- test run in a schema of its own share the one extension.
CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;

CREATE INDEX quotes_number_trgm_idx ON quotes USING gin (lower(coalesce(quote_number, '')) public.gin_trgm_ops);
-- Most quotes have no binder: '' has no trigrams, so this index holds the binders alone.
CREATE INDEX quotes_binder_number_trgm_idx ON quotes USING gin (lower(coalesce(binder_number, '')) public.gin_trgm_ops);
CREATE INDEX accounts_name_trgm_idx ON accounts USING gin (lower(coalesce(name, '')) public.gin_trgm_ops);
CREATE INDEX policies_number_trgm_idx ON policies USING gin (lower(coalesce(policy_number, '')) public.gin_trgm_ops);
CREATE INDEX policies_named_insured_trgm_idx ON policies USING gin (lower(coalesce(named_insured, '')) public.gin_trgm_ops);

-- The searched agent (quotes' keyed search) and the user deletes that set it to NULL.
CREATE INDEX quotes_agent_idx ON quotes (agent_user_id);

-- The default orders, in the exact shape server/list/sort-order.ts writes them (empty values last, the key
-- as tie-break), so a first page reads twenty index entries instead of sorting the book: quotes newest
-- first, the underwriter's inbox by need-by date, policies by end date.
CREATE INDEX quotes_modified_idx ON quotes (modified_at DESC NULLS LAST, id DESC);
CREATE INDEX quotes_need_by_idx ON quotes (need_by_date, id);
CREATE INDEX policies_end_date_idx ON policies (end_date, id);
