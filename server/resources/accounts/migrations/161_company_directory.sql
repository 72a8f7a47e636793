-- The company directory and what the account gets from it (spec 001 sections 2 and 3: the new-account
-- search finds existing companies by name and state or country; 'refresh firmographic data'; 'on-demand
-- scan'). There is no third-party data provider in this product: the directory is a bundled list of
-- demo companies (source 'directory'), and a scan is computed locally from the domain name (source
-- 'local scan'). Neither is live third-party data, and the screens say so.
CREATE TABLE company_directory (
  -- The directory's company id, shown as the account's cbid.
  cbid text PRIMARY KEY,
  name text NOT NULL,
  address1 text NOT NULL,
  address2 text,
  address3 text,
  city text NOT NULL,
  state text,
  zip_code text NOT NULL,
  country text NOT NULL CHECK (country IN ('US', 'GB')),
  phone text,
  domain_name text,
  -- NAICS (US) or UK SIC 2007 code.
  industry_code text,
  duns_number text,
  employees integer,
  revenue numeric(15, 0),
  year_established integer,
  ownership_type text,
  entity_type text
);
CREATE INDEX company_directory_name_idx ON company_directory (lower(name));

-- The firmographic data an account was last refreshed with, and from where.
CREATE TABLE account_firmographics (
  account_id uuid PRIMARY KEY REFERENCES accounts(id) ON DELETE CASCADE,
  source text NOT NULL CHECK (source IN ('directory')),
  cbid text,
  duns_number text,
  employees integer,
  revenue numeric(15, 0),
  year_established integer,
  ownership_type text,
  entity_type text,
  industry_code text,
  refreshed_at timestamptz NOT NULL,
  refreshed_by uuid REFERENCES users(id) ON DELETE SET NULL
);

-- On-demand scans of an account's primary domain, newest last. The local scan is deterministic: the same
-- domain always gives the same findings; it sends no traffic to the domain.
CREATE TABLE account_scans (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  domain_name text NOT NULL,
  source text NOT NULL CHECK (source IN ('local scan')),
  score integer NOT NULL CHECK (score BETWEEN 0 AND 100),
  findings jsonb NOT NULL,
  scanned_at timestamptz NOT NULL,
  scanned_by uuid REFERENCES users(id) ON DELETE SET NULL
);
CREATE INDEX account_scans_account_idx ON account_scans (account_id, scanned_at);

INSERT INTO company_directory (cbid, name, address1, address3, city, state, zip_code, country, phone, domain_name, industry_code, duns_number, employees, revenue, year_established, ownership_type, entity_type) VALUES
  ('CB-US-00001', 'Harborview Dental Group LLC', '1200 Harbor Blvd', NULL, 'San Diego', 'CA', '92101', 'US', '6195550142', 'harborviewdental.com', '621210', '100007919', 48, 6200000, 2004, 'Private', 'Independent'),
  ('CB-US-00002', 'Harborline Marine Insurance Agency', '88 Harbor Dr', NULL, 'Baltimore', 'MD', '21230', 'US', '4105550117', 'harborlinemarine.com', '524210', '100015838', 22, 3900000, 1998, 'Private', 'Independent'),
  ('CB-US-00003', 'Copperleaf Software LLC', '410 Fayetteville St', NULL, 'Raleigh', 'NC', '27601', 'US', '9195550163', 'copperleafsoftware.com', '541511', '100023757', 58, 8250000, 2011, 'Private', 'Independent'),
  ('CB-US-00004', 'Beacon Hill Wealth Advisors', '125 S Wacker Dr', NULL, 'Chicago', 'IL', '60606', 'US', '3125550178', 'beaconhillwealth.com', '523930', '100031676', 35, 5500000, 2006, 'Private', 'Independent'),
  ('CB-US-00005', 'Atlas Freight Brokers', '980 9th St', NULL, 'Sacramento', 'CA', '95814', 'US', '9165550120', 'atlasfreightbrokers.com', '488510', '100039595', 12, 2750000, 2015, 'Private', 'Independent'),
  ('CB-US-00006', 'Evergreen Home Health', '301 Congress Ave', NULL, 'Austin', 'TX', '78701', 'US', '5125550131', 'evergreenhomehealth.com', '621610', '100047514', 104, 13750000, 2001, 'Private', 'Parent'),
  ('CB-US-00007', 'Foxglove Marketing Agency', '600 Grant St', NULL, 'Pittsburgh', 'PA', '15222', 'US', '4125550186', 'foxglovemarketing.com', '541810', '100055433', 127, 16500000, 2009, 'Private', 'Independent'),
  ('CB-US-00008', 'Granite State Plumbing', '55 Elm St', NULL, 'Manchester', 'NH', '03101', 'US', '6035550144', 'granitestateplumbing.com', '238220', '100063352', 150, 19250000, 1987, 'Private', 'Independent'),
  ('CB-US-00009', 'Highland Park Pharmacy', '4300 Oak Lawn Ave', NULL, 'Dallas', 'TX', '75219', 'US', '2145550199', 'highlandparkpharmacy.com', '456110', '100071271', 173, 22000000, 1979, 'Private', 'Independent'),
  ('CB-US-00010', 'Juniper Legal Services', '1700 Broadway', NULL, 'Denver', 'CO', '80290', 'US', '3035550107', 'juniperlegal.com', '541110', '100079190', 26, 4100000, 2012, 'Partnership', 'Independent'),
  ('CB-US-00011', 'Keystone HVAC Services', '200 N 3rd St', NULL, 'Harrisburg', 'PA', '17101', 'US', '7175550158', 'keystonehvac.com', '238220', '100087109', 64, 9100000, 1995, 'Private', 'Independent'),
  ('CB-US-00012', 'Meridian Staffing Partners', '3500 Peachtree Rd NE', NULL, 'Atlanta', 'GA', '30326', 'US', '4045550172', 'meridianstaffing.com', '561320', '100095028', 210, 31000000, 2003, 'Private', 'Parent'),
  ('CB-US-00013', 'Nimbus Cloud Consulting', '500 Pine St', NULL, 'Seattle', 'WA', '98101', 'US', '2065550119', 'nimbuscloudconsulting.com', '541512', '100102947', 41, 7300000, 2016, 'Private', 'Independent'),
  ('CB-US-00014', 'Orchard Lane Dental', '22 Orchard Ln', NULL, 'Worcester', 'MA', '01609', 'US', '5085550126', 'orchardlanedental.com', '621210', '100110866', 18, 2300000, 2008, 'Private', 'Independent'),
  ('CB-US-00015', 'Prairie Wind Credit Union', '1200 O St', NULL, 'Lincoln', 'NE', '68508', 'US', '4025550181', 'prairiewindcu.org', '522130', '100118785', 95, 24000000, 1952, 'Non-Profit', 'Independent'),
  ('CB-US-00016', 'Quarry Hill Construction', '75 State St', NULL, 'Albany', 'NY', '12207', 'US', '5185550134', 'quarryhillconstruction.com', '236220', '100126704', 88, 27500000, 1990, 'Private', 'Independent'),
  ('CB-US-00017', 'Riverbend Veterinary Clinic', '800 S Main St', NULL, 'Memphis', 'TN', '38106', 'US', '9015550167', 'riverbendvet.com', '541940', '100134623', 15, 1900000, 2010, 'Private', 'Independent'),
  ('CB-US-00018', 'Sagebrush Accounting Group', '2 N Central Ave', NULL, 'Phoenix', 'AZ', '85004', 'US', '6025550152', 'sagebrushaccounting.com', '541211', '100142542', 33, 4800000, 1999, 'Partnership', 'Independent'),
  ('CB-US-00019', 'Tidewater Marine Supply', '150 W Main St', NULL, 'Norfolk', 'VA', '23510', 'US', '7575550138', 'tidewatermarinesupply.com', '423860', '100150461', 47, 12600000, 1983, 'Private', 'Independent'),
  ('CB-US-00020', 'Union Square Bistro Group', '33 Union Sq W', NULL, 'New York', 'NY', '10003', 'US', '2125550193', 'unionsquarebistro.com', '722511', '100158380', 140, 9800000, 2007, 'Private', 'Holding'),
  ('CB-US-00021', 'Summit Ridge Orthopedics', '1000 W Main St', NULL, 'Boise', 'ID', '83702', 'US', '2085550111', 'summitridgeortho.com', '621111', '100166299', 72, 18400000, 2002, 'Private', 'Independent'),
  ('CB-US-00022', 'Bluebonnet Title Company', '500 Main St', NULL, 'Fort Worth', 'TX', '76102', 'US', '8175550176', 'bluebonnettitle.com', '541191', '100174218', 29, 5200000, 1994, 'Private', 'Subsidiary'),
  ('CB-US-00023', 'Cascade Analytics Inc', '1000 SW Broadway', NULL, 'Portland', 'OR', '97205', 'US', '5035550149', 'cascadeanalytics.com', '541512', '100182137', 56, 11200000, 2013, 'Private', 'Independent'),
  ('CB-US-00024', 'Magnolia Family Medicine', '400 Poydras St', NULL, 'New Orleans', 'LA', '70130', 'US', '5045550188', 'magnoliafamilymed.com', '621111', '100190056', 38, 6900000, 2005, 'Private', 'Independent'),
  ('CB-US-00025', 'Great Lakes Tool and Die', '300 Monroe Ave NW', NULL, 'Grand Rapids', 'MI', '49503', 'US', '6165550124', 'greatlakestoolanddie.com', '333514', '100197975', 118, 21500000, 1971, 'Private', 'Independent'),
  ('CB-US-00026', 'Heartland Seed Cooperative', '400 Locust St', NULL, 'Des Moines', 'IA', '50309', 'US', '5155550161', 'heartlandseed.coop', '424910', '100205894', 64, 48000000, 1948, 'Non-Profit', 'Independent'),
  ('CB-US-00027', 'Pinecrest Realty Group', '200 S Orange Ave', NULL, 'Orlando', 'FL', '32801', 'US', '4075550147', 'pinecrestrealty.com', '531210', '100213813', 52, 7400000, 2000, 'Private', 'Independent'),
  ('CB-US-00028', 'Silver State Logistics', '300 S 4th St', NULL, 'Las Vegas', 'NV', '89101', 'US', '7025550115', 'silverstatelogistics.com', '484121', '100221732', 86, 15800000, 2006, 'Private', 'Independent'),
  ('CB-US-00029', 'Bayou City Energy Services', '700 Louisiana St', NULL, 'Houston', 'TX', '77002', 'US', '7135550196', 'bayoucityenergy.com', '213112', '100229651', 230, 64000000, 1997, 'Private', 'Subsidiary'),
  ('CB-US-00030', 'Cedar Grove Logistics Inc', '1450 West Fulton Street', NULL, 'Chicago', 'IL', '60607', 'US', '3125550164', 'cedargrovelogistics.com', '484110', '100237570', 140, 26000000, 1992, 'Private', 'Independent'),
  ('CB-US-00031', 'Brightline Dental Group', '22 Lincoln Square', NULL, 'Worcester', 'MA', '01608', 'US', '5085550133', 'brightlinedental.com', '621210', '100245489', 44, 5600000, 2009, 'Private', 'Independent'),
  ('CB-US-00032', 'Lakeside Credit Union', '900 West Riverside Avenue', NULL, 'Spokane', 'WA', '99201', 'US', '5095550190', 'lakesidecu.org', '522130', '100253408', 120, 38000000, 1961, 'Non-Profit', 'Independent'),
  ('CB-US-00033', 'Acme Precision Manufacturing', '410 Industrial Parkway', NULL, 'Denver', 'CO', '80216', 'US', '3035550175', 'acmeprecision.com', '332710', '100261327', 85, 17000000, 1984, 'Private', 'Independent'),
  ('CB-GB-00001', 'Thameside Freight Ltd', 'Unit 4, Riverside Business Park', NULL, 'Barking', NULL, 'IG11 0DS', 'GB', '2079460321', 'thamesidefreight.co.uk', '49410', '200007919', 95, 14000000, 1996, 'Private', 'Independent'),
  ('CB-GB-00002', 'Pennine Dental Practice Ltd', '18 Park Row', NULL, 'Leeds', NULL, 'LS1 5JD', 'GB', '1134960182', 'penninedental.co.uk', '86230', '200015838', 21, 1800000, 2007, 'Private', 'Independent'),
  ('CB-GB-00003', 'Harbourside Architects LLP', '1 Canons Way', NULL, 'Bristol', NULL, 'BS1 5UH', 'GB', '1174960144', 'harboursidearchitects.co.uk', '71111', '200023757', 30, 3600000, 2001, 'Partnership', 'Independent'),
  ('CB-GB-00004', 'Harbourside Dental Group Ltd', '12 Queen Square', NULL, 'Bristol', NULL, 'BS1 4DJ', 'GB', '1174960142', 'harboursidedental.co.uk', '86230', '200031676', 40, 3900000, 2010, 'Private', 'Independent'),
  ('CB-GB-00005', 'Clydeside Engineering Ltd', '45 Hope Street', NULL, 'Glasgow', NULL, 'G2 6AE', 'GB', '1414960157', 'clydesideengineering.co.uk', '25620', '200039595', 130, 19500000, 1978, 'Private', 'Independent'),
  ('CB-GB-00006', 'Castle Quay Solicitors LLP', '3 Castle Street', NULL, 'Cardiff', NULL, 'CF10 1BS', 'GB', '2920180166', 'castlequaysolicitors.co.uk', '69102', '200047514', 27, 4200000, 1999, 'Partnership', 'Independent'),
  ('CB-GB-00007', 'Mersey Digital Agency Ltd', '10 Water Street', NULL, 'Liverpool', NULL, 'L2 0RG', 'GB', '1514960129', 'merseydigital.co.uk', '73110', '200055433', 38, 3100000, 2014, 'Private', 'Independent'),
  ('CB-GB-00008', 'Ouse Valley Veterinary Surgery', '20 Micklegate', NULL, 'York', NULL, 'YO1 6JH', 'GB', '1904960174', 'ousevalleyvets.co.uk', '75000', '200063352', 16, 1400000, 2003, 'Private', 'Independent'),
  ('CB-GB-00009', 'Norfolk Broads Holidays Ltd', '5 London Street', NULL, 'Norwich', NULL, 'NR2 1HL', 'GB', '1603960118', 'norfolkbroadsholidays.co.uk', '55209', '200071271', 24, 2600000, 1988, 'Private', 'Independent'),
  ('CB-GB-00010', 'Tyne Bridge Accountants Ltd', '30 Grey Street', NULL, 'Newcastle upon Tyne', NULL, 'NE1 6AE', 'GB', '1914980137', 'tynebridgeaccountants.co.uk', '69201', '200079190', 19, 2100000, 2005, 'Private', 'Independent'),
  ('CB-GB-00011', 'Cotswold Craft Brewery Ltd', 'Old Mill, Cricklade Street', NULL, 'Cirencester', NULL, 'GL7 1HY', 'GB', '1285960148', 'cotswoldcraftbrewery.co.uk', '11050', '200087109', 34, 5200000, 2012, 'Private', 'Independent'),
  ('CB-GB-00012', 'Highland Outdoor Gear Ltd', '12 Academy Street', NULL, 'Inverness', NULL, 'IV1 1JN', 'GB', '1463960159', 'highlandoutdoorgear.co.uk', '47640', '200095028', 22, 3300000, 2008, 'Private', 'Independent'),
  ('CB-GB-00013', 'Belfast Harbour Logistics Ltd', '2 Corporation Square', NULL, 'Belfast', NULL, 'BT1 3AJ', 'GB', '2890180163', 'belfastharbourlogistics.co.uk', '52290', '200102947', 76, 11800000, 1993, 'Private', 'Subsidiary'),
  ('CB-GB-00014', 'Solent Marine Services Ltd', '8 Ocean Way', NULL, 'Southampton', NULL, 'SO14 3JZ', 'GB', '2380960171', 'solentmarine.co.uk', '33150', '200110866', 58, 8700000, 1986, 'Private', 'Independent'),
  ('CB-GB-00015', 'Peak District Care Homes Ltd', '15 Spring Gardens', NULL, 'Buxton', NULL, 'SK17 6BZ', 'GB', '1298960125', 'peakdistrictcare.co.uk', '87100', '200118785', 145, 9600000, 1997, 'Private', 'Parent'),
  ('CB-GB-00016', 'Canary Wharf Fintech Ltd', '1 Canada Square', NULL, 'London', NULL, 'E14 5AB', 'GB', '2079460384', 'canarywharffintech.co.uk', '62012', '200126704', 63, 12400000, 2017, 'Private', 'Independent'),
  ('CB-GB-00017', 'Midlands Precision Castings Ltd', '20 Colmore Row', NULL, 'Birmingham', NULL, 'B3 2QD', 'GB', '1214960191', 'midlandscastings.co.uk', '24530', '200134623', 112, 17300000, 1969, 'Private', 'Independent'),
  ('CB-GB-00018', 'Pennine Dental Practice Ltd', '4 Market Street', NULL, 'Huddersfield', NULL, 'HD1 2EN', 'GB', '1484960113', 'penninedental-huddersfield.co.uk', '86230', '200142542', 12, 900000, 2015, 'Private', 'Branch');
