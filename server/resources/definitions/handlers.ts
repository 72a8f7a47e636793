import type { FastifyReply } from 'fastify';
import { DefinitionError, diffJson } from '../../../engine/index.ts';
import { callerOf } from '../../auth/authenticate.ts';
import type { Queryable } from '../../db/database.ts';
import { parseKey, type DocumentKey } from '../../definitions/document-keys.ts';
import type { CurrentDocument, DefinitionService, PublishOutcome } from '../../definitions/definition-service.ts';
import { findVersion, listVersions, type StoredVersion } from '../../definitions/definition-versions.ts';
import { HttpError, notFound } from '../../http/http-error.ts';
import type { HandlerModule } from '../../contract/handlers.ts';

const DEFINITION_NOT_FOUND = 'Definition not found.';
const VERSION_NOT_FOUND = 'That version of the definition does not exist.';
const FILE_NOTE = 'The file the database started from';

function keyParam(params: unknown): DocumentKey {
  const key = parseKey((params as { key: string }).key);
  // The contract's pattern already refused malformed keys; this narrows the type.
  if (!key) throw notFound(DEFINITION_NOT_FOUND);
  return key;
}

function summaryOf(entry: CurrentDocument) {
  const document = entry.document as { id?: unknown; title?: unknown; name?: unknown } | null;
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  const { key } = entry;
  return {
    key: key.key,
    kind: entry.kind,
    id: key.type === 'definition' ? key.id : key.type === 'overlay' ? key.target : key.edition,
    edition: key.type === 'definition' ? null : key.edition,
    title: key.type === 'overlay' ? null : text(document?.title) ?? text(document?.name),
    status: entry.version === 0 ? 'default' : 'published',
    version: entry.version,
    hasDefault: entry.hasDefault,
    updated: entry.published?.created.toISOString() ?? null,
    author: entry.published?.authorName ?? null,
    note: entry.published?.note ?? null,
  };
}

interface VersionSummary {
  version: number;
  note: string;
  created: string | null;
  author: string | null;
  authorId: string | null;
  restoredFrom: number | null;
  current: boolean;
}

function versionSummary(version: StoredVersion, currentVersion: number): VersionSummary {
  return {
    version: version.version,
    note: version.note,
    created: version.created.toISOString(),
    author: version.authorName,
    authorId: version.authorUserId,
    restoredFrom: version.restoredFrom,
    current: version.version === currentVersion,
  };
}

function fileVersion(currentVersion: number): VersionSummary {
  return { version: 0, note: FILE_NOTE, created: null, author: null, authorId: null, restoredFrom: null, current: currentVersion === 0 };
}

/** A publish or restore answered: 201 with the version, 409 when the base moved, 422 with the faults. */
function answer(reply: FastifyReply, key: DocumentKey, outcome: PublishOutcome) {
  if (outcome.status === 'conflict') {
    return reply.code(409).send({ message: outcome.message, currentVersion: outcome.currentVersion, changedBy: outcome.changedBy });
  }
  if (outcome.status === 'refused') {
    const count = outcome.faults.length;
    return reply.code(422).send({
      message: `The definition was not published: ${count} fault${count === 1 ? '' : 's'} to fix.`,
      faults: outcome.faults,
    });
  }
  const { version } = outcome;
  return reply.code(201).send({
    ...versionSummary(version, version.version),
    key: key.key,
    document: version.document,
    warnings: outcome.warnings,
  });
}

export const handlers: HandlerModule = (services) => {
  const { db, definitions } = services;
  return {
    async listDefinitionDocuments() {
      const state = await definitions.current();
      const content = [...state.documents.values()].sort((a, b) => a.key.key.localeCompare(b.key.key)).map(summaryOf);
      return { revision: state.revision, content };
    },

    async getDefinitionDocument(request) {
      const key = keyParam(request.params);
      const entry = (await definitions.current()).documents.get(key.key);
      if (!entry) throw notFound(DEFINITION_NOT_FOUND);
      return { ...summaryOf(entry), document: entry.document };
    },

    async listDefinitionVersions(request) {
      const key = keyParam(request.params);
      const entry = (await definitions.current()).documents.get(key.key);
      if (!entry) throw notFound(DEFINITION_NOT_FOUND);
      const stored = await listVersions(db, key.key);
      const currentVersion = stored[0]?.version ?? 0;
      const content = stored.map((version) => versionSummary(version, currentVersion));
      if (entry.hasDefault) content.push(fileVersion(currentVersion));
      return { key: key.key, currentVersion, content };
    },

    async getDefinitionVersion(request) {
      const key = keyParam(request.params);
      const { version } = request.params;
      const found = await versionWithDocument(definitions, db, key, version);
      return { ...found.summary, key: key.key, document: found.document };
    },

    async compareDefinitionVersions(request) {
      const key = keyParam(request.params);
      const query = request.query;
      const entry = (await definitions.current()).documents.get(key.key);
      if (!entry) throw notFound(DEFINITION_NOT_FOUND);
      const to = query.to ?? entry.version;
      const [before, after] = await Promise.all([versionWithDocument(definitions, db, key, query.from), versionWithDocument(definitions, db, key, to)]);
      return { key: key.key, from: query.from, to, changes: diffJson(before.document, after.document) };
    },

    async publishDefinition(request, reply) {
      const key = keyParam(request.params);
      const body = request.body;
      const outcome = await definitions.publish({
        key, document: body.document, note: body.note.trim(), baseVersion: body.baseVersion,
        authorUserId: callerOf(request).userId, address: request.ip,
      });
      return answer(reply, key, outcome);
    },

    async restoreDefinitionVersion(request, reply) {
      const key = keyParam(request.params);
      const body = request.body;
      const outcome = await definitions.restore({
        key, version: body.version, note: body.note.trim(), baseVersion: body.baseVersion,
        authorUserId: callerOf(request).userId, address: request.ip,
      });
      if (!outcome) throw notFound(VERSION_NOT_FOUND);
      return answer(reply, key, outcome);
    },

    async checkDefinition(request) {
      const key = keyParam(request.params);
      return definitions.check(key, (request.body).document);
    },

    async getDefinitionBundle(request, reply) {
      const state = await definitions.current();
      const etag = `"definitions-${state.revision}"`;
      // Every user revalidates on each load (no-cache), and gets a 304 while nothing was published.
      reply.header('etag', etag).header('cache-control', 'private, no-cache');
      const asked = request.headers['if-none-match'];
      if (asked && asked.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) return reply.code(304).send();
      const version = (file: string) => state.documents.get(file)?.version ?? 0;
      return {
        revision: state.revision,
        definitions: state.sources.definitions.map(({ file, document }) => ({ file, version: version(file), document })),
        editions: state.sources.editions.map(({ file, document }) => ({ file, version: version(file), document })),
        overlays: state.sources.overlays.map(({ edition, file, document }) => ({ edition, file, version: version(file), document })),
      };
    },

    async getResolvedDefinition(request) {
      const { edition, id } = request.params;
      const state = await definitions.current();
      try {
        const registry = state.registry();
        if (!registry.get(id) || !registry.editions().includes(edition)) throw notFound(DEFINITION_NOT_FOUND);
        return { id, edition, revision: state.revision, definition: registry.resolve(id, edition) };
      } catch (error) {
        // Only when a deploy changed a file under a published version; the studio's list names the fault for staff.
        if (error instanceof DefinitionError) throw new HttpError(500, 'The published definitions do not load. Please contact support.');
        throw error;
      }
    },
  };
};

async function versionWithDocument(definitions: DefinitionService, db: Queryable, key: DocumentKey, version: number) {
  const currentVersion = (await definitions.current()).documents.get(key.key)?.version ?? 0;
  if (version === 0) {
    const document = definitions.defaultDocument(key.key);
    if (document === undefined) throw notFound(VERSION_NOT_FOUND);
    return { summary: fileVersion(currentVersion), document };
  }
  const stored = await findVersion(db, key.key, version);
  if (!stored) throw notFound(VERSION_NOT_FOUND);
  return { summary: versionSummary(stored, currentVersion), document: stored.document };
}
