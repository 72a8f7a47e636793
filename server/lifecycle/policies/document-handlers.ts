import { callerOf } from '../../auth/authenticate.ts';
import type { HandlerModule } from '../../contract/handlers.ts';
import { checkedBodyOf } from '../../form-check/checked-body.ts';
import { HttpError, notFound } from '../../http/http-error.ts';
import { publishedRater } from '../quotes/quote-rating.ts';
import { lossRunPdf } from './loss-runs.ts';
import { documentFileName } from '../shared/document-names.ts';
import { issuedDocumentId, sendDocumentFile, sendIssuedDocument } from '../../resources/documents/issued-documents.ts';
import { LIVING_DOCUMENTS, renderAndKeep } from '../../resources/documents/document-versions.ts';
import { additionalInsuredsOf, findVisibleCertificate, toCertificateInsured } from './certificate-repository.ts';
import { POLICY_TEXTS } from './policy-texts.ts';
import { canMovePolicy, policyPastTense } from './policy-transitions.ts';
import { policyHandlerContext } from './policy-handler-context.ts';
import { declarationsFile, certificateFile } from './policy-files.ts';

/**
 * A policy's papers: loss runs, the declarations and invoice downloads, certificates (plain, for a holder, for
 * an additional insured) and the additional insureds.
 */
export const documentHandlers: HandlerModule = (services) => {
  const { db, clock, definitions } = services;
  const { settle, visiblePolicy, readablePolicy, issueCertificate, editionOf } = policyHandlerContext(services);

  return {
    async downloadLossRuns(request, reply) {
      const caller = callerOf(request);
      const policy = await visiblePolicy(caller, request.params.policyId);
      // The account in the address must be the policy's: another answers like a missing policy.
      if (policy.account_id !== request.params.accountId) throw notFound(POLICY_TEXTS.notFound);
      const pdf = await lossRunPdf(db, caller, policy, await publishedRater(definitions, policy.edition), await editionOf(policy.edition), clock.now());
      return reply.header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${documentFileName(policy.company_name, policy.policy_number, 'Loss_Runs')}"`)
        .send(Buffer.from(pdf));
    },

    // Rendered from the policy as endorsed now; each distinct copy handed out is kept as a version (documents/document-versions.ts).
    async downloadPolicyDocument(request, reply) {
      const caller = callerOf(request);
      await settle();
      const policy = await readablePolicy(caller, request.params.id);
      const rater = await publishedRater(definitions, policy.edition);
      const edition = await editionOf(policy.edition);
      return sendDocumentFile(reply, await renderAndKeep(db, { living: LIVING_DOCUMENTS.policy(policy), at: clock.now(), log: request.log },
        () => declarationsFile(db, policy, rater, edition)));
    },

    async downloadPolicyCertificate(request, reply) {
      const caller = callerOf(request);
      await settle();
      const policy = await readablePolicy(caller, request.params.id);
      if (!canMovePolicy('certificate', policy.status)) throw new HttpError(409, POLICY_TEXTS.notAvailable(policyPastTense('certificate'), policy.status));
      const edition = await editionOf(policy.edition);
      // It prints the day it is issued on, so it is dated at the day's start: the same day renders the same bytes.
      const day = new Date(`${clock.now().toISOString().slice(0, 10)}T00:00:00Z`);
      return sendDocumentFile(reply, await renderAndKeep(db, { living: LIVING_DOCUMENTS.certificate(policy), at: clock.now(), log: request.log },
        () => certificateFile(policy, null, day, edition)));
    },

    async emailPolicyCertificate(request) {
      const body = checkedBodyOf(request);
      return issueCertificate(request, 'Certificate_Holder', {
        organization_name: String(body.organizationName), address1: String(body.address1), city: String(body.city),
        state: typeof body.state === 'string' ? body.state : null, zip: typeof body.zip === 'string' ? body.zip : null,
      });
    },

    async listPolicyAdditionalInsureds(request) {
      const policy = await visiblePolicy(callerOf(request), request.params.id);
      return (await additionalInsuredsOf(db, policy.account_id)).map(toCertificateInsured);
    },

    async issueAdditionalInsuredCertificate(request) {
      const caller = callerOf(request);
      const body = checkedBodyOf(request);
      const policy = await visiblePolicy(caller, request.params.id);
      const insured = (await additionalInsuredsOf(db, policy.account_id)).find((row) => row.id === body.additionalInsuredId);
      if (!insured) throw new HttpError(400, POLICY_TEXTS.additionalInsuredNotFound, { errors: [{ field: 'additionalInsuredId', message: POLICY_TEXTS.additionalInsuredNotFound }] });
      return issueCertificate(request, 'Additional_Insured', {
        organization_name: insured.business_name, address1: insured.address1, city: insured.city, state: insured.state, zip: insured.zip_code,
      });
    },

    async downloadCertificate(request, reply) {
      const caller = callerOf(request);
      const certificate = await findVisibleCertificate(db, caller, request.params.certificateId);
      if (!certificate) throw notFound(POLICY_TEXTS.certificateNotFound);
      const policy = await visiblePolicy(caller, certificate.policy_id);
      return sendIssuedDocument(reply, db, issuedDocumentId('certificate', certificate.id),
        async () => certificateFile(policy, certificate, new Date(certificate.requested_at), await editionOf(policy.edition)));
    },
  };
};
