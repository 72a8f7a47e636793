import type { Clock } from '../../clock.ts';
import type { Queryable } from '../../db/database.ts';
import type { DefinitionService } from '../../definitions/definition-service.ts';
import { LIVING_DOCUMENTS, renderAndKeep } from '../../resources/documents/document-versions.ts';
import type { IssuedFile } from '../../resources/documents/issued-documents.ts';
import { documentFileName } from '../shared/document-names.ts';
import { quoteProposalPdf } from './proposal.ts';
import { publishedRater } from './quote-rating.ts';
import type { QuoteDetailRow } from './repository.ts';

/**
 * A quote's proposal as it is handed out (the review page's download, the library, the quote documents link):
 * rendered from the quote as it stands, and kept as a version of the library's entry when it differs from the
 * copy handed out last.
 */
export async function proposalDownload(
  services: { db: Queryable; clock: Clock; definitions: DefinitionService },
  quote: QuoteDetailRow,
  log: { warn(details: object, message: string): void },
): Promise<IssuedFile> {
  const { db, clock, definitions } = services;
  const rater = await publishedRater(definitions, quote.edition);
  const edition = (await definitions.current()).registry().edition(quote.edition);
  return renderAndKeep(db, { living: LIVING_DOCUMENTS.proposal(quote), at: clock.now(), log }, async () => ({
    fileName: documentFileName(quote.company_name, quote.quote_number, 'Proposal'),
    content: await quoteProposalPdf(quote, rater, edition),
  }));
}
