import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** PostgreSQL's pg_control state values a test reads of a PGlite folder. */
export const CLUSTER_SHUT_DOWN = 1;
export const CLUSTER_RUNNING = 6;

/** The cluster state of a PGlite data folder: pg_control holds it after the system identifier and two versions. */
export function clusterState(dataDir: string): number {
  return readFileSync(join(dataDir, 'global', 'pg_control')).readUInt32LE(16);
}
