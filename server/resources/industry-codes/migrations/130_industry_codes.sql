-- Industry codes (spec 001 sections 3 and 7 Industry codes): one list per edition, NAICS for the US edition
-- (naicsCode) and UK SIC 2007 for the UK edition (sicCode). A code is 2 to 6 digits as written, leading zero
-- kept (SIC 01110); the lists themselves are seeded by migrations 131 and 132 everywhere, not only in demos.
CREATE TABLE industry_codes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  edition text NOT NULL CHECK (edition IN ('us','uk')),
  code text NOT NULL CHECK (code ~ '^[0-9]{2,6}$'),
  title text NOT NULL CHECK (length(title) BETWEEN 1 AND 300),
  UNIQUE (edition, code)
);
CREATE INDEX industry_codes_title_idx ON industry_codes (edition, lower(title));
