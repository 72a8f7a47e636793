import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import {
  createRegistry,
  stableStringify,
  type ContractOperations,
  type DefinitionSourceDocuments,
  type Registry,
} from '../../engine/index.ts';
import { readContractOperations } from '../../engine/node/contract-operations.ts';
import { readDefinitionFiles } from '../../engine/node/file-source.ts';
import { audit } from '../audit.ts';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/database.ts';
import { keyFileDocuments, parseKey, sourcesOf, type DocumentKey, type KeyedDocument } from './document-keys.ts';
import {
  findVersion,
  insertVersion,
  latestVersions,
  lockKey,
  newestVersion,
  versionsRevision,
  type StoredVersion,
} from './definition-versions.ts';
import { documentFaults, evaluateSources, refusingFaults, warningsAbout, type DocumentFault } from './publish-checks.ts';

export const PROJECT_ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** What a key holds now: the newest published version, else the file (version 0). */
export interface CurrentDocument {
  key: DocumentKey;
  kind: string;
  version: number;
  document: unknown;
  hasDefault: boolean;
  /** The newest stored version (absent while the file is current). */
  published?: StoredVersion;
}

/** The documents every user sees at one revision; the registry and the checks are built on first use. */
export interface DefinitionState {
  /** Changes with every publish and with every change of the files (a deploy). */
  revision: string;
  documents: ReadonlyMap<string, CurrentDocument>;
  sources: DefinitionSourceDocuments;
  /** Throws DefinitionError when the documents do not load (a deploy changed a file a published overlay tests). */
  registry(): Registry;
  /** Faults of the current documents (load, resolve, lint); a publish is not refused for ones it does not touch. */
  faults(): DocumentFault[];
}

export type PublishOutcome =
  | { status: 'published'; version: StoredVersion; warnings: DocumentFault[] }
  | { status: 'conflict'; currentVersion: number; changedBy: string | null; message: string }
  | { status: 'refused'; faults: DocumentFault[] };

export interface PublishRequest {
  key: DocumentKey;
  document: unknown;
  note: string;
  baseVersion: number;
  authorUserId: string;
  address?: string | null;
  /** Set by a restore: the version whose document this is. */
  restoredFrom?: number;
}

export interface DefinitionService {
  readonly operations: ContractOperations;
  current(): Promise<DefinitionState>;
  /** The file's document of a key (version 0), if there is a file. */
  defaultDocument(key: string): unknown;
  /** The publish checks without publishing: refusing faults and warnings. */
  check(key: DocumentKey, document: unknown): Promise<{ faults: DocumentFault[]; warnings: DocumentFault[] }>;
  publish(request: PublishRequest): Promise<PublishOutcome>;
  /** Publishes an earlier version's document again as a new version; undefined when that version does not exist. */
  restore(request: Omit<PublishRequest, 'document' | 'restoredFrom'> & { version: number }): Promise<PublishOutcome | undefined>;
}

class ConflictError extends Error {
  constructor(readonly newest: StoredVersion | undefined) {
    super('definition changed');
  }
}

export function conflictMessage(changedBy: string | null, currentVersion: number): string {
  return `This definition was changed by ${changedBy ?? 'someone else'} since you opened it (version ${currentVersion} is now current). Reload to see their change.`;
}

const isUniqueViolation = (error: unknown) => (error as { code?: unknown } | null)?.code === '23505';

/**
 * Definitions as users see them: the files under definitions/ and editions/, each overlaid with the newest
 * version published to the database. The state is cached per revision; the revision is read from the
 * database on every call (one cheap query), so a publish on another instance shows on the next load.
 */
export function createDefinitionService(options: { db: Database; clock: Clock; root?: string }): DefinitionService {
  const { db, clock } = options;
  const root = options.root ?? PROJECT_ROOT;
  const files = keyFileDocuments(readDefinitionFiles(root));
  const filesHash = createHash('sha256').update(stableStringify([...files.values()].map(({ key, document }) => [key.key, document]))).digest('hex').slice(0, 12);
  const operations = readContractOperations(root);
  let cached: { databaseRevision: string; state: DefinitionState } | undefined;

  function buildState(revision: string, latest: StoredVersion[]): DefinitionState {
    const documents = new Map<string, CurrentDocument>();
    for (const [name, { key, document }] of files) {
      documents.set(name, { key, kind: kindOf(key, document), version: 0, document, hasDefault: true });
    }
    for (const published of latest) {
      const key = parseKey(published.key);
      if (!key) continue;
      documents.set(published.key, {
        key, kind: kindOf(key, published.document), version: published.version, document: published.document,
        hasDefault: files.has(published.key), published,
      });
    }
    const sources = sourcesOf(documents.values());
    let registry: Registry | undefined;
    let faults: DocumentFault[] | undefined;
    return {
      revision,
      documents,
      sources,
      registry: () => (registry ??= createRegistry(sources)),
      faults: () => {
        if (!faults) {
          const evaluation = evaluateSources(sources, operations);
          faults = evaluation.faults;
          registry ??= evaluation.registry;
        }
        return faults;
      },
    };
  }

  async function current(): Promise<DefinitionState> {
    const databaseRevision = await versionsRevision(db);
    if (cached?.databaseRevision === databaseRevision) return cached.state;
    const state = buildState(`${filesHash}.${databaseRevision}`, await latestVersions(db));
    cached = { databaseRevision, state };
    return state;
  }

  function checkAgainst(state: DefinitionState, key: DocumentKey, document: unknown): { faults: DocumentFault[]; warnings: DocumentFault[] } {
    const existing = state.documents.get(key.key);
    const own = documentFaults(key, document, existing?.kind);
    if (own.length) return { faults: own, warnings: [] };
    const candidate = new Map<string, KeyedDocument>(state.documents);
    candidate.set(key.key, { key, document });
    const after = evaluateSources(sourcesOf(candidate.values()), operations).faults;
    return { faults: refusingFaults(key, state.faults(), after), warnings: warningsAbout(key, after) };
  }

  async function publish(request: PublishRequest): Promise<PublishOutcome> {
    const { key, document, baseVersion } = request;
    const state = await current();
    const existing = state.documents.get(key.key);
    if ((existing?.version ?? 0) !== baseVersion) return conflict(existing?.published);
    const { faults, warnings } = checkAgainst(state, key, document);
    if (faults.length) return { status: 'refused', faults };
    const action = request.restoredFrom === undefined ? 'definition.publish' : 'definition.restore';
    try {
      const version = await db.transaction(async (tx) => {
        // The check above was against this instance's view; under the lock the database has the last word.
        await lockKey(tx, key.key);
        const newest = await newestVersion(tx, key.key);
        if ((newest?.version ?? 0) !== baseVersion) throw new ConflictError(newest);
        const entry = {
          key: key.key, version: baseVersion + 1, document, note: request.note, authorUserId: request.authorUserId,
          created: clock.now(), restoredFrom: request.restoredFrom ?? null,
        };
        const id = await insertVersion(tx, entry);
        await audit(tx, clock, {
          actorUserId: request.authorUserId, action, target: key.key, address: request.address ?? null,
          detail: { version: entry.version, baseVersion, note: request.note, ...(request.restoredFrom === undefined ? {} : { restoredFrom: request.restoredFrom }) },
        });
        return id;
      });
      const stored = await findVersion(db, key.key, baseVersion + 1);
      cached = undefined;
      return { status: 'published', version: stored ?? ({ id: version } as StoredVersion), warnings };
    } catch (error) {
      if (error instanceof ConflictError) return conflict(error.newest);
      if (isUniqueViolation(error)) return conflict(await newestVersion(db, key.key));
      throw error;
    }
  }

  return {
    operations,
    current,
    defaultDocument: (key) => files.get(key)?.document,
    async check(key, document) {
      return checkAgainst(await current(), key, document);
    },
    publish,
    async restore({ version, ...rest }) {
      const document = version === 0 ? files.get(rest.key.key)?.document : (await findVersion(db, rest.key.key, version))?.document;
      if (document === undefined) return undefined;
      return publish({ ...rest, document: structuredClone(document), restoredFrom: version });
    },
  };
}

function conflict(newest: StoredVersion | undefined): PublishOutcome {
  const currentVersion = newest?.version ?? 0;
  const changedBy = newest?.authorName ?? null;
  return { status: 'conflict', currentVersion, changedBy, message: conflictMessage(changedBy, currentVersion) };
}

function kindOf(key: DocumentKey, document: unknown): string {
  if (key.type !== 'definition') return key.type;
  const kind = (document as { kind?: unknown } | null)?.kind;
  return typeof kind === 'string' ? kind : 'unknown';
}
