import type { ServerConfig } from '../config.ts';
import type { Database } from './database.ts';
import { openPglite } from './pglite.ts';
import { openPostgres } from './postgres.ts';

/** PostgreSQL when DATABASE_URL is set, else the embedded database in the data folder. */
export function openConfiguredDatabase(config: Pick<ServerConfig, 'databaseUrl' | 'dataDir'>): Promise<Database> {
  return config.databaseUrl ? openPostgres(config.databaseUrl) : openPglite(config.dataDir);
}
