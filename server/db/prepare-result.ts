/**
 * What preparing the database on start did (db/prepare.ts), as the app keeps it (services.ts). A file of its
 * own so the services' types do not import the preparation, which imports the seed and through it most of the
 * server.
 */
export interface PrepareResult {
  migrationsApplied: string[];
  seed: SeedSummary;
}

/** What seeding the demo world did (seed/seed.ts). */
export interface SeedSummary {
  seeded: boolean;
  accounts: number;
  users: number;
}
