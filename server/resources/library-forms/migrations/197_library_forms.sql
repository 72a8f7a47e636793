-- The forms library (spec 002 section 3 'Forms', section 7 forms and formtype): the policy forms an edition
-- files for its products (declarations, policy wordings, endorsements, notices), each of a form type, for
-- some products and some paper (admitted or surplus lines), with its specimen document attached. Provider
-- admins keep it; everyone signed in reads it.
CREATE TABLE form_types (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  edition text NOT NULL CHECK (edition IN ('us', 'uk')),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 80),
  description text CHECK (description IS NULL OR length(description) <= 500),
  created_at timestamptz NOT NULL,
  modified_at timestamptz NOT NULL
);
CREATE UNIQUE INDEX form_types_name_idx ON form_types (edition, lower(name));

CREATE TABLE library_forms (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  edition text NOT NULL CHECK (edition IN ('us', 'uk')),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  form_number text NOT NULL CHECK (length(form_number) BETWEEN 1 AND 40),
  edition_date date,
  form_type_id uuid NOT NULL REFERENCES form_types(id),
  product_types text[] NOT NULL CHECK (cardinality(product_types) >= 1),
  supported_paper text[] NOT NULL CHECK (cardinality(supported_paper) >= 1 AND supported_paper <@ ARRAY['ADMITTED', 'SURPLUS']),
  description text CHECK (description IS NULL OR length(description) <= 1000),
  -- The attached specimen (PUT forms/doc/{id}); the bytes were checked by name and content.
  file_name text,
  file_type text,
  size_bytes integer,
  content bytea,
  attached_at timestamptz,
  created_at timestamptz NOT NULL,
  modified_at timestamptz NOT NULL,
  CHECK ((file_name IS NULL) = (content IS NULL))
);
CREATE UNIQUE INDEX library_forms_number_idx ON library_forms (edition, lower(form_number));
CREATE INDEX library_forms_type_idx ON library_forms (form_type_id);
