/**
 * Word lists of the demo book (server/seed/demo-book.ts): industries with the words their company names
 * end in, places with real ZIP Code prefixes and postcode districts, streets and people. Fixed lists, so the
 * generated book is the same on every start. Phone numbers use the ranges set aside for fiction (US 555-01xx,
 * Ofcom's drama numbers), so no real business is dialled from the demo.
 */

export interface BookIndustry {
  /** NAICS 2022 (US) or SIC 2007 (UK), as the reference data and the rater's industry classes know it. */
  code: string;
  /** What a company name of the industry ends in ('Dental Group'). */
  nouns: readonly string[];
  /** Revenue range in whole currency units (drawn log-uniformly). */
  revenue: readonly [number, number];
  /** Revenue per employee, roughly. */
  revenuePerEmployee: number;
  tech?: boolean;
  /** Professional services (the Pro product suits them). */
  professional?: boolean;
  /** Partnerships name themselves after people ('Okafor & Lang LLP'). */
  partnership?: boolean;
  weight: number;
}

export const US_INDUSTRIES: readonly BookIndustry[] = [
  { code: '621210', nouns: ['Dental Group', 'Family Dentistry', 'Dental Partners', 'Orthodontics'], revenue: [800_000, 12_000_000], revenuePerEmployee: 120_000, weight: 6 },
  { code: '541110', nouns: ['LLP', 'Law Group'], revenue: [1_000_000, 60_000_000], revenuePerEmployee: 220_000, professional: true, partnership: true, weight: 6 },
  { code: '541211', nouns: ['CPAs', 'Accounting Group'], revenue: [700_000, 30_000_000], revenuePerEmployee: 150_000, professional: true, partnership: true, weight: 5 },
  { code: '484121', nouns: ['Freight Lines', 'Logistics', 'Transport'], revenue: [3_000_000, 120_000_000], revenuePerEmployee: 180_000, weight: 5 },
  { code: '493110', nouns: ['Warehousing', 'Distribution Center'], revenue: [2_000_000, 60_000_000], revenuePerEmployee: 160_000, weight: 3 },
  { code: '332710', nouns: ['Machine Works', 'Precision Machining', 'Tool & Die'], revenue: [2_000_000, 80_000_000], revenuePerEmployee: 190_000, weight: 5 },
  { code: '311812', nouns: ['Baking Company', 'Bakery'], revenue: [1_500_000, 40_000_000], revenuePerEmployee: 170_000, weight: 2 },
  { code: '236220', nouns: ['Builders', 'Construction', 'Contractors'], revenue: [3_000_000, 150_000_000], revenuePerEmployee: 350_000, weight: 5 },
  { code: '238220', nouns: ['Mechanical', 'Plumbing & Heating', 'HVAC Services'], revenue: [1_000_000, 25_000_000], revenuePerEmployee: 150_000, weight: 3 },
  { code: '722511', nouns: ['Hospitality Group', 'Restaurant Group', 'Kitchen & Bar'], revenue: [1_000_000, 40_000_000], revenuePerEmployee: 70_000, weight: 4 },
  { code: '721110', nouns: ['Hotel Group', 'Inn & Suites', 'Resorts'], revenue: [3_000_000, 90_000_000], revenuePerEmployee: 110_000, weight: 2 },
  { code: '445110', nouns: ['Market', 'Grocers', 'Foods Market'], revenue: [2_000_000, 80_000_000], revenuePerEmployee: 200_000, weight: 3 },
  { code: '541511', nouns: ['Software', 'Labs', 'Digital'], revenue: [1_000_000, 60_000_000], revenuePerEmployee: 200_000, tech: true, weight: 6 },
  { code: '541512', nouns: ['IT Solutions', 'Technologies', 'Systems'], revenue: [1_000_000, 120_000_000], revenuePerEmployee: 220_000, tech: true, weight: 6 },
  { code: '518210', nouns: ['Cloud Services', 'Data Centers', 'Hosting'], revenue: [2_000_000, 200_000_000], revenuePerEmployee: 300_000, tech: true, weight: 3 },
  { code: '513210', nouns: ['Software Inc', 'Analytics'], revenue: [2_000_000, 250_000_000], revenuePerEmployee: 280_000, tech: true, weight: 3 },
  { code: '541310', nouns: ['Architects', 'Design Studio'], revenue: [800_000, 20_000_000], revenuePerEmployee: 140_000, professional: true, weight: 3 },
  { code: '541330', nouns: ['Engineering', 'Engineers'], revenue: [1_500_000, 60_000_000], revenuePerEmployee: 170_000, professional: true, weight: 3 },
  { code: '541810', nouns: ['Creative', 'Marketing', 'Media'], revenue: [800_000, 30_000_000], revenuePerEmployee: 160_000, weight: 3 },
  { code: '531210', nouns: ['Realty', 'Properties', 'Real Estate'], revenue: [700_000, 25_000_000], revenuePerEmployee: 180_000, weight: 3 },
  { code: '621111', nouns: ['Medical Group', 'Family Medicine', 'Pediatrics'], revenue: [1_500_000, 80_000_000], revenuePerEmployee: 140_000, professional: true, weight: 4 },
  { code: '621340', nouns: ['Physical Therapy', 'Rehab & Sports Medicine'], revenue: [600_000, 10_000_000], revenuePerEmployee: 90_000, weight: 2 },
  { code: '623110', nouns: ['Senior Living', 'Care Center'], revenue: [3_000_000, 60_000_000], revenuePerEmployee: 60_000, weight: 2 },
  { code: '611110', nouns: ['Academy', 'Preparatory School'], revenue: [2_000_000, 40_000_000], revenuePerEmployee: 90_000, weight: 2 },
  { code: '813211', nouns: ['Foundation', 'Community Fund'], revenue: [500_000, 20_000_000], revenuePerEmployee: 120_000, weight: 1 },
  { code: '522130', nouns: ['Credit Union', 'Federal Credit Union'], revenue: [5_000_000, 120_000_000], revenuePerEmployee: 300_000, weight: 2 },
  { code: '423430', nouns: ['Supply', 'Distributors'], revenue: [3_000_000, 150_000_000], revenuePerEmployee: 450_000, weight: 2 },
  { code: '811111', nouns: ['Auto Care', 'Auto Repair'], revenue: [500_000, 8_000_000], revenuePerEmployee: 110_000, weight: 2 },
  { code: '812112', nouns: ['Salon & Spa', 'Beauty Studio'], revenue: [300_000, 5_000_000], revenuePerEmployee: 60_000, weight: 1 },
  { code: '541940', nouns: ['Animal Hospital', 'Veterinary Clinic'], revenue: [800_000, 12_000_000], revenuePerEmployee: 110_000, weight: 2 },
  { code: '561720', nouns: ['Facility Services', 'Cleaning Services'], revenue: [700_000, 30_000_000], revenuePerEmployee: 45_000, weight: 2 },
  { code: '325412', nouns: ['Pharmaceuticals', 'Biosciences'], revenue: [5_000_000, 400_000_000], revenuePerEmployee: 400_000, weight: 1 },
  { code: '336390', nouns: ['Components', 'Automotive Parts'], revenue: [5_000_000, 200_000_000], revenuePerEmployee: 250_000, weight: 2 },
  { code: '424410', nouns: ['Foods', 'Food Distributors'], revenue: [4_000_000, 180_000_000], revenuePerEmployee: 500_000, weight: 2 },
];

export const UK_INDUSTRIES: readonly BookIndustry[] = [
  { code: '86230', nouns: ['Dental Practice', 'Dental Care'], revenue: [500_000, 8_000_000], revenuePerEmployee: 90_000, weight: 6 },
  { code: '69102', nouns: ['Solicitors'], revenue: [800_000, 40_000_000], revenuePerEmployee: 150_000, professional: true, partnership: true, weight: 6 },
  { code: '69201', nouns: ['Chartered Accountants', 'Accountants'], revenue: [500_000, 20_000_000], revenuePerEmployee: 110_000, professional: true, partnership: true, weight: 5 },
  { code: '49410', nouns: ['Freight', 'Haulage', 'Logistics'], revenue: [2_000_000, 80_000_000], revenuePerEmployee: 130_000, weight: 5 },
  { code: '52103', nouns: ['Storage', 'Distribution'], revenue: [1_500_000, 40_000_000], revenuePerEmployee: 120_000, weight: 3 },
  { code: '25620', nouns: ['Precision Engineering', 'Machining'], revenue: [1_500_000, 50_000_000], revenuePerEmployee: 130_000, weight: 4 },
  { code: '10710', nouns: ['Bakery', 'Bakehouse'], revenue: [800_000, 20_000_000], revenuePerEmployee: 90_000, weight: 2 },
  { code: '41201', nouns: ['Construction', 'Builders'], revenue: [2_000_000, 90_000_000], revenuePerEmployee: 250_000, weight: 4 },
  { code: '43220', nouns: ['Heating & Plumbing', 'Mechanical Services'], revenue: [600_000, 15_000_000], revenuePerEmployee: 100_000, weight: 3 },
  { code: '56101', nouns: ['Restaurants', 'Kitchen'], revenue: [700_000, 25_000_000], revenuePerEmployee: 45_000, weight: 3 },
  { code: '55100', nouns: ['Hotels', 'Hotel Group'], revenue: [2_000_000, 60_000_000], revenuePerEmployee: 70_000, weight: 2 },
  { code: '47110', nouns: ['Stores', 'Grocers'], revenue: [1_000_000, 40_000_000], revenuePerEmployee: 120_000, weight: 2 },
  { code: '62012', nouns: ['Software', 'Digital'], revenue: [700_000, 40_000_000], revenuePerEmployee: 140_000, tech: true, weight: 6 },
  { code: '62020', nouns: ['IT Solutions', 'Technology'], revenue: [700_000, 60_000_000], revenuePerEmployee: 150_000, tech: true, weight: 6 },
  { code: '63110', nouns: ['Cloud', 'Data Services'], revenue: [1_500_000, 120_000_000], revenuePerEmployee: 200_000, tech: true, weight: 3 },
  { code: '71111', nouns: ['Architects'], revenue: [500_000, 15_000_000], revenuePerEmployee: 100_000, professional: true, partnership: true, weight: 3 },
  { code: '71129', nouns: ['Engineering', 'Consulting Engineers'], revenue: [1_000_000, 40_000_000], revenuePerEmployee: 120_000, professional: true, weight: 3 },
  { code: '73110', nouns: ['Creative', 'Media'], revenue: [500_000, 20_000_000], revenuePerEmployee: 110_000, weight: 3 },
  { code: '68310', nouns: ['Estates', 'Property'], revenue: [500_000, 15_000_000], revenuePerEmployee: 120_000, weight: 3 },
  { code: '86210', nouns: ['Medical Practice', 'Health Centre'], revenue: [1_000_000, 20_000_000], revenuePerEmployee: 80_000, weight: 3 },
  { code: '87100', nouns: ['Care Homes', 'Care'], revenue: [2_000_000, 40_000_000], revenuePerEmployee: 40_000, weight: 2 },
  { code: '75000', nouns: ['Veterinary Surgery', 'Vets'], revenue: [600_000, 10_000_000], revenuePerEmployee: 80_000, weight: 2 },
  { code: '45200', nouns: ['Motors', 'Garage Services'], revenue: [500_000, 12_000_000], revenuePerEmployee: 100_000, weight: 2 },
  { code: '96020', nouns: ['Hair & Beauty'], revenue: [200_000, 3_000_000], revenuePerEmployee: 45_000, weight: 1 },
  { code: '81210', nouns: ['Cleaning Services', 'Facilities'], revenue: [500_000, 20_000_000], revenuePerEmployee: 35_000, weight: 2 },
  { code: '21200', nouns: ['Pharma', 'Life Sciences'], revenue: [5_000_000, 200_000_000], revenuePerEmployee: 300_000, weight: 1 },
  { code: '46390', nouns: ['Foods', 'Food Wholesale'], revenue: [3_000_000, 120_000_000], revenuePerEmployee: 400_000, weight: 2 },
  { code: '85310', nouns: ['School', 'College'], revenue: [2_000_000, 25_000_000], revenuePerEmployee: 60_000, weight: 1 },
];

/**
 * First words of company names. Kept clear of the named demo clients and of the names the end-to-end tests
 * type into searches (Cedar, Harbor, Willow, Lakeside...), so those searches still find one match.
 */
export const US_NAME_WORDS: readonly string[] = [
  'Northwind', 'Bluewater', 'Ironwood', 'Granite Peak', 'Prairie', 'Red Rock', 'Silver Creek', 'Blue Ridge', 'Copper Canyon', 'Evergreen',
  'Magnolia', 'Pinecrest', 'Riverbend', 'Stonebridge', 'Sunrise', 'Tidewater', 'Westfield', 'Oak Hollow', 'Crescent', 'Pioneer',
  'Meridian', 'Beacon', 'Highland', 'Lone Star', 'Bayou', 'Mesa', 'Aspen', 'Sequoia', 'Falcon', 'Heritage', 'Clearwater', 'Brookside',
  'Ridgeline', 'Sandstone', 'Timberline', 'Wildflower', 'Northstar', 'Frontier', 'Keel & Compass', 'Lighthouse', 'Saguaro', 'Bluebonnet',
  'Tall Pines', 'Canyon', 'Greenfield', 'Fairview', 'Hillcrest', 'Liberty', 'Patriot', 'Cornerstone', 'Summitview', 'Three Rivers',
  'Gateway', 'Redwood', 'Palmetto', 'Chesapeake', 'Allegheny', 'Cascade', 'Ozark', 'Great Lakes', 'Keystone Valley', 'Coastal',
];

export const UK_NAME_WORDS: readonly string[] = [
  'Cotswold', 'Chiltern', 'Mersey', 'Tyne', 'Solent', 'Mendip', 'Wessex', 'Cairngorm', 'Brecon', 'Snowdon', 'Malvern', 'Quantock',
  'Dales', 'Fenland', 'Kestrel', 'Heather', 'Bramble', 'Thistle', 'Saltire', 'Red Kite', 'Oakham', 'Ashdown', 'Hadrian', 'Lothian',
  'Mourne', 'Lagan', 'Avon', 'Medway', 'Derwent', 'Wharfe', 'Calder', 'Exmoor', 'Portland', 'Albion', 'Kingfisher', 'Northgate',
  'Westgate', 'Ironbridge', 'Foxhill', 'Greystone', 'Highgate', 'Lindisfarne', 'Moorland', 'Riverside Quay', 'Stag', 'Wolds', 'Ravenscar',
  'Skye', 'Tamar', 'Fosse', 'Cheviot', 'Sherwood', 'Broadland', 'Weald', 'Mercia', 'Caledonia', 'Dragon', 'Castlegate', 'Anchor',
];

export const US_SUFFIXES: readonly string[] = ['Inc', 'LLC', 'Co', 'Corp', ''];
export const UK_SUFFIXES: readonly string[] = ['Ltd', 'Ltd', 'Ltd', 'Limited', 'plc'];

export const SURNAMES: readonly string[] = [
  'Okafor', 'Lang', 'Marsh', 'Whitaker', 'Bennett', 'Castillo', 'Nguyen', 'Patel', 'Fischer', 'Morrison', 'Delgado', 'Harper', 'Kowalski',
  'Sullivan', 'Brennan', 'Adeyemi', 'Lindqvist', 'Ramirez', 'Chen', 'Goldberg', 'Hughes', 'Fraser', 'Davies', 'Evans', 'Campbell', 'MacLeod',
  'Ahmed', 'Kaur', 'Thornton', 'Ellison', 'Carver', 'Pryce', 'Donnelly', 'Ashworth', 'Barrett', 'Ortega', 'Novak', 'Sato', 'Iyer', 'Quinn',
];

export const FIRST_NAMES: readonly string[] = [
  'James', 'Maria', 'Robert', 'Aisha', 'David', 'Elena', 'Michael', 'Grace', 'Daniel', 'Sofia', 'Thomas', 'Hannah', 'Samuel', 'Chloe',
  'Wei', 'Priya', 'Omar', 'Fiona', 'Liam', 'Isla', 'Noah', 'Amara', 'Ethan', 'Rosa', 'Callum', 'Niamh', 'Rhys', 'Eilidh', 'Marcus', 'Leah',
];

export interface BookPlace {
  city: string;
  /** US state; null in the UK. */
  state: string | null;
  /** US: ZIP Codes [from, to] within the city's own prefix; UK: the postcode districts. */
  zip: readonly [number, number] | readonly string[];
  /** The first six digits of the national phone number (area code and exchange set aside for fiction). */
  phone: string;
  /** Which of the agency's teams looks after clients here (matched by team name, else the default team). */
  region: string;
}

const usPlace = (city: string, state: string, from: number, to: number, area: string, region: string): BookPlace =>
  ({ city, state, zip: [from, to], phone: `${area}555`, region });

export const US_PLACES: readonly BookPlace[] = [
  usPlace('Denver', 'CO', 80202, 80239, '303', 'West'), usPlace('Boulder', 'CO', 80301, 80310, '303', 'West'),
  usPlace('Austin', 'TX', 78701, 78759, '512', 'South'), usPlace('Dallas', 'TX', 75201, 75254, '214', 'South'),
  usPlace('Houston', 'TX', 77002, 77098, '713', 'South'), usPlace('San Antonio', 'TX', 78201, 78259, '210', 'South'),
  usPlace('Phoenix', 'AZ', 85003, 85054, '602', 'West'), usPlace('Tucson', 'AZ', 85701, 85750, '520', 'West'),
  usPlace('Chicago', 'IL', 60601, 60661, '312', 'Central'), usPlace('Naperville', 'IL', 60540, 60565, '630', 'Central'),
  usPlace('Boston', 'MA', 2108, 2137, '617', 'New England'), usPlace('Worcester', 'MA', 1601, 1610, '508', 'New England'),
  usPlace('Hartford', 'CT', 6103, 6120, '860', 'New England'), usPlace('Providence', 'RI', 2903, 2909, '401', 'New England'),
  usPlace('Portland', 'ME', 4101, 4103, '207', 'New England'), usPlace('Burlington', 'VT', 5401, 5408, '802', 'New England'),
  usPlace('Manchester', 'NH', 3101, 3111, '603', 'New England'),
  usPlace('Seattle', 'WA', 98101, 98199, '206', 'West'), usPlace('Spokane', 'WA', 99201, 99224, '509', 'West'),
  usPlace('Portland', 'OR', 97201, 97239, '503', 'West'), usPlace('San Diego', 'CA', 92101, 92130, '619', 'West'),
  usPlace('Los Angeles', 'CA', 90001, 90068, '213', 'West'), usPlace('San Francisco', 'CA', 94102, 94134, '415', 'West'),
  usPlace('Sacramento', 'CA', 95811, 95838, '916', 'West'), usPlace('Salt Lake City', 'UT', 84101, 84124, '801', 'West'),
  usPlace('Las Vegas', 'NV', 89101, 89149, '702', 'West'), usPlace('Boise', 'ID', 83702, 83716, '208', 'West'),
  usPlace('Atlanta', 'GA', 30303, 30350, '404', 'East'), usPlace('Miami', 'FL', 33125, 33186, '305', 'East'),
  usPlace('Tampa', 'FL', 33602, 33629, '813', 'East'), usPlace('Orlando', 'FL', 32801, 32839, '407', 'East'),
  usPlace('New York', 'NY', 10001, 10040, '212', 'East'), usPlace('Buffalo', 'NY', 14201, 14228, '716', 'East'),
  usPlace('Philadelphia', 'PA', 19102, 19154, '215', 'East'), usPlace('Pittsburgh', 'PA', 15201, 15237, '412', 'East'),
  usPlace('Newark', 'NJ', 7102, 7114, '973', 'East'), usPlace('Baltimore', 'MD', 21201, 21239, '410', 'East'),
  usPlace('Richmond', 'VA', 23219, 23236, '804', 'East'), usPlace('Charlotte', 'NC', 28202, 28277, '704', 'East'),
  usPlace('Raleigh', 'NC', 27601, 27617, '919', 'East'), usPlace('Columbus', 'OH', 43201, 43232, '614', 'Central'),
  usPlace('Cleveland', 'OH', 44101, 44135, '216', 'Central'), usPlace('Minneapolis', 'MN', 55401, 55455, '612', 'Central'),
  usPlace('Nashville', 'TN', 37201, 37221, '615', 'South'), usPlace('Kansas City', 'MO', 64105, 64154, '816', 'Central'),
  usPlace('St. Louis', 'MO', 63101, 63146, '314', 'Central'), usPlace('Milwaukee', 'WI', 53202, 53233, '414', 'Central'),
  usPlace('Indianapolis', 'IN', 46201, 46260, '317', 'Central'), usPlace('Detroit', 'MI', 48201, 48235, '313', 'Central'),
  usPlace('New Orleans', 'LA', 70112, 70131, '504', 'South'), usPlace('Albuquerque', 'NM', 87102, 87123, '505', 'South'),
  usPlace('Oklahoma City', 'OK', 73102, 73170, '405', 'South'), usPlace('Omaha', 'NE', 68102, 68164, '402', 'Central'),
  usPlace('Louisville', 'KY', 40202, 40299, '502', 'South'), usPlace('Birmingham', 'AL', 35203, 35244, '205', 'South'),
  usPlace('Des Moines', 'IA', 50309, 50322, '515', 'Central'),
];

const ukPlace = (city: string, districts: string[], phone: string, region: string): BookPlace => ({ city, state: null, zip: districts, phone, region });

export const UK_PLACES: readonly BookPlace[] = [
  ukPlace('London', ['EC1A', 'EC2M', 'EC3V', 'EC4A', 'WC1B', 'WC2H', 'SE1', 'N1', 'E1', 'W1T', 'NW1'], '207946', 'London'),
  ukPlace('Manchester', ['M1', 'M2', 'M3', 'M4'], '161496', 'North'), ukPlace('Leeds', ['LS1', 'LS2', 'LS11'], '113496', 'North'),
  ukPlace('Sheffield', ['S1', 'S2', 'S3'], '114496', 'North'), ukPlace('Nottingham', ['NG1', 'NG2'], '115496', 'Midlands'),
  ukPlace('Bristol', ['BS1', 'BS2', 'BS8'], '117496', 'South'), ukPlace('Reading', ['RG1', 'RG2'], '118496', 'South'),
  ukPlace('Birmingham', ['B1', 'B2', 'B3', 'B5'], '121496', 'Midlands'), ukPlace('Edinburgh', ['EH1', 'EH2', 'EH3'], '131496', 'Scotland'),
  ukPlace('Glasgow', ['G1', 'G2', 'G3'], '141496', 'Scotland'), ukPlace('Aberdeen', ['AB10', 'AB11'], '163296', 'Scotland'),
  ukPlace('Liverpool', ['L1', 'L2', 'L3'], '151496', 'North'), ukPlace('Newcastle upon Tyne', ['NE1', 'NE2'], '191498', 'North'),
  ukPlace('Cardiff', ['CF10', 'CF11'], '292018', 'Wales'), ukPlace('Swansea', ['SA1'], '163296', 'Wales'),
  ukPlace('Belfast', ['BT1', 'BT2', 'BT7'], '289018', 'Northern Ireland'), ukPlace('Oxford', ['OX1', 'OX2'], '163296', 'South'),
  ukPlace('Cambridge', ['CB1', 'CB2'], '163296', 'South'), ukPlace('Brighton', ['BN1', 'BN2'], '163296', 'South'),
  ukPlace('Southampton', ['SO14', 'SO15'], '163296', 'South'), ukPlace('Norwich', ['NR1', 'NR2'], '163296', 'South'),
  ukPlace('York', ['YO1'], '163296', 'North'),
];

export const US_STREETS: readonly string[] = [
  'Main Street', 'Market Street', 'Commerce Drive', 'Industrial Parkway', 'Oak Avenue', 'Elm Street', 'Park Avenue', 'Lake Street',
  'Washington Avenue', 'Jefferson Boulevard', 'Broadway', 'Grand Avenue', 'Pine Street', 'Maple Avenue', 'Technology Drive',
  'Enterprise Way', 'Corporate Center Drive', 'Research Boulevard', 'Riverside Drive', 'Highland Avenue', 'Center Street', 'First Street',
  'Second Avenue', 'Franklin Street', 'Madison Avenue', 'Lincoln Way', 'Airport Road', 'Commercial Street', 'Union Avenue', 'Water Street',
];

export const UK_STREETS: readonly string[] = [
  'High Street', 'Station Road', 'Church Street', 'Market Place', 'King Street', 'Queen Street', 'Victoria Road', 'Mill Lane', 'Park Road',
  'London Road', 'Bridge Street', 'The Parade', 'Castle Street', 'Albert Road', 'George Street', 'Princes Street', 'Wellington Road',
  'North Road', 'Chapel Street', 'Cross Street',
];

export const UK_BUSINESS_PARKS: readonly string[] = ['Riverside Business Park', 'Enterprise Park', 'Innovation Centre', 'Trade Park', 'Wharf Estate'];

/** Why quotes were declined, lost or referred, from the lists the decline and loss dialogs offer. */
export const DECLINE_REASONS: readonly string[] = ['Class of Business', 'Poor Cyber Security Controls', 'Poor Claims History', 'Duplicate Quote'];
export const LOSS_REASONS: readonly string[] = ['Price is High', 'Coverage / Limit not enough', 'Do not want Cyber', 'Additional - Paper rating, flexibility'];
export const REFERRAL_REASONS: readonly string[] = [
  'Revenue above the automatic authority: underwriter to confirm.',
  'Prior ransomware incident disclosed by the client.',
  'Client asks for a higher social engineering sublimit.',
  'No multi-factor authentication on remote access yet.',
  'Backups are not tested; underwriter review needed.',
];
