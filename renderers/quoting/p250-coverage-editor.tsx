import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { Alert, Box, Grid, Heading, Skeleton, Stack } from '@chakra-ui/react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { raterDefinitionsOf, recordEdition, type P250State, type RaterDefinitions } from '../../engine/index.ts';
import { PageContext, usePageContext } from '../page/page-context.ts';
import { recordEditionContext } from '../page/record-edition-context.ts';
import { useEditions } from '../page/use-editions.ts';
import { useCurrentUser } from '../session/use-session.ts';
import { AccountSummary } from './account-summary.tsx';
import { ApplicationStep } from './application-step.tsx';
import { CoverageGroups } from './coverage-groups.tsx';
import { coverageGroups, unselectedByAnswers } from './coverage-view.ts';
import { startEditor, startEditorFromRequest } from './editor-state.ts';
import { GlobalSettings } from './global-settings.tsx';
import { PremiumPanel } from './premium-panel.tsx';
import { productToQuote, quotableProducts } from './product-choice.ts';
import { ProductSelector } from './product-selector.tsx';
import { QuoteActionBar } from './quote-action-bar.tsx';
import { QuoteCartDialog } from './quote-cart-dialog.tsx';
import { QuoteExtrasSection } from './quote-extras.tsx';
import { extrasOfRequest, type QuoteExtras, type QuoteRequest } from './quote-request.ts';
import { QUOTE_FLOW_TEXTS, RENEWAL_TEXTS } from './quote-texts.ts';
import { saveSecurityAnswers } from './save-security-answers.ts';
import { questionTitles, securityAnswered } from './security-answers.ts';
import { SecurityQuestionsDialog } from './security-questions-dialog.tsx';
import { SecuritySection, decidedCoverages } from './security-section.tsx';
import { OutcomeDialog } from '../dialog/outcome-dialog.tsx';
import { QuoteStepSection as Section } from './quote-step-section.tsx';
import { StateLicenseStep } from './state-license-step.tsx';
import { useQuoteAccount, type QuoteAccount } from './use-quote-account.ts';
import { useQuoteActions } from './use-quote-actions.ts';
import { useQuoteEditor } from './use-quote-editor.ts';
import { useQuoteTerms, type QuoteDetail } from './use-quote-terms.ts';
import { UpdateTermsBar } from './update-terms-bar.tsx';
import { RenewalTermsBar } from './renewal-terms-bar.tsx';
import { usePolicyRenewal, type PolicyRenewal } from './use-policy-renewal.ts';
import { toaster } from '../shell/toaster.tsx';

const FORMS = { additionalInsured: 'additional-insured', eventExclusion: 'event-exclusion', retailAgent: 'cart-retail-agent' } as const;
/** Catalogue ids of the extras a product may carry. */
const TRIA = 22;
const ADDITIONAL_INSURED = 29;
const SPECIFIED_EVENT_EXCLUSION = 40;
/** The area's page where licences are kept (definitions/pages/licenses-page.json). */
const LICENSES_PAGE = 'manage/licenses';

/**
 * /{area}/requestQuote/{productType}/{accountId}: the quote flow of a client account (spec 002 sections 2
 * and 4). The steps are sections of one page: verify (the account), product-selector, questions (the
 * security questions dialog), state-license (whether the producer may sell in the risk's state), quote (the
 * P250 coverage editor with the premium rated in the browser by the same engine as the server),
 * additional-info (the product's underwriting application) and the actions (Quote Now, Add to List, the cart).
 */
export function P250CoverageEditor() {
  const { accountId = '', productType, quoteId, policyId } = useParams();
  if (quoteId) return <QuoteTermsFlow quoteId={quoteId} />;
  if (policyId) return <RenewalTermsFlow policyId={policyId} />;
  return <RequestQuoteFlow accountId={accountId} productType={productType} />;
}

function RequestQuoteFlow({ accountId, productType }: { accountId: string; productType: string | undefined }) {
  const account = useQuoteAccount(accountId);
  if (account.status === 'loading') return <Loading />;
  if (account.status === 'error') return <Problem text={account.message} />;
  return (
    <AccountEdition account={account.value}>
      <QuoteFlow account={account.value} productType={productType} />
    </AccountEdition>
  );
}

/**
 * The quote flow of an account reads in the account's edition, whichever host shows it: provider staff on the
 * US host quoting a Scottish account see its products, nation, words, formats and currency (the server rates
 * it by the account's edition too).
 */
function AccountEdition({ account, children }: { account: QuoteAccount; children: ReactNode }) {
  const context = usePageContext();
  const own = useMemo(() => recordEditionContext(context, account.edition), [context, account.edition]);
  return <PageContext.Provider value={own}>{children}</PageContext.Provider>;
}

function QuoteFlow({ account, productType }: { account: QuoteAccount; productType: string | undefined }) {
  const { registry, editionId, edition, areaBase } = usePageContext();
  const navigate = useNavigate();
  const rater = useMemo(() => raterDefinitionsOf(registry, editionId), [registry, editionId]);
  const products = useMemo(() => quotableProducts(edition, rater), [edition, rater]);
  const product = productToQuote(productType, products);
  // A flow opened from a submission (`?submissionId=`) makes its quotes for it, whichever product is chosen.
  const [searchParams] = useSearchParams();
  const submissionId = searchParams.get('submissionId') ?? undefined;
  const query = submissionId ? `?submissionId=${encodeURIComponent(submissionId)}` : '';
  const choose = useCallback((code: string) => navigate(`${areaBase}/requestQuote/${code}/${account.id}${query}`, { replace: true }), [navigate, areaBase, account.id, query]);
  const licensesPath = registry.list('page').some((page) => (page as { path?: string }).path === LICENSES_PAGE) ? `${areaBase}/${LICENSES_PAGE}` : undefined;
  if (!product) return <Problem text="No product can be quoted in this edition." />;
  return (
    <Stack gap="5" data-testid="p250-coverage-editor">
      <AccountSummary account={account} edition={edition} />
      <Section id="product" title="Product">
        <ProductSelector products={products} value={product} onChange={choose} />
      </Section>
      <ProductEditor
        key={product}
        account={account}
        product={product}
        rater={rater}
        beforeCoverage={<StateLicenseStep account={account} edition={edition} licensesPath={licensesPath} />}
        submissionId={submissionId}
      />
    </Stack>
  );
}

function ProductEditor({ account, product, rater, beforeCoverage, submissionId }: { account: QuoteAccount; product: string; rater: RaterDefinitions; beforeCoverage: ReactNode; submissionId?: string }) {
  const { rules } = usePageContext();
  const start = useMemo(() => startEditor(rater, product, account, rules.today), [rater, product, account, rules.today]);
  if (!start.ok) return <Problem text={start.message} />;
  return <Editor account={account} initial={start.state} eligibility={start.eligibility} rater={rater} beforeCoverage={beforeCoverage} submissionId={submissionId} />;
}

/**
 * /admin/quotes/{quoteId}/terms: an underwriter changes the terms a quote was rated on in the same editor
 * (spec 002 section 4 'Updating terms keeps a quote Ready'), then Update Quote re-rates it on the server.
 */
function QuoteTermsFlow({ quoteId }: { quoteId: string }) {
  const terms = useQuoteTerms(quoteId);
  const { registry, edition } = usePageContext();
  const editions = useEditions();
  if (terms.status === 'loading') return <Loading />;
  if (terms.status === 'error') return <Problem text={terms.message} />;
  const quote = terms.value;
  if (!quote.request) return <Problem text={QUOTE_FLOW_TEXTS.noTerms} />;
  // The product by its name in the quote's own edition (it names its currency), whichever host shows it.
  const product = raterDefinitionsOf(registry, recordEdition(quote, edition, editions).id).allProducts.get(quote.product)?.title ?? quote.product;
  return <RequestEditor accountId={quote.accountId} request={quote.request} heading={`Quote ${quote.quoteNumber} · ${product}`} sends={{ terms: quote }} />;
}

/**
 * /{area}/policies/{policyId}/account/{accountId}/{product}/custom-quote: the renewal's cover, the expiring
 * policy's to start with, changed before the renewal quote is made (spec 002 renewal step custom-quote).
 */
function RenewalTermsFlow({ policyId }: { policyId: string }) {
  const renewal = usePolicyRenewal(policyId);
  if (renewal.status === 'loading') return <Loading />;
  if (renewal.status === 'error') return <Problem text={renewal.message} />;
  if (renewal.value.blockedReason) return <Problem text={renewal.value.blockedReason} />;
  const { accountId, request, policyNumber, productName } = renewal.value;
  return <RequestEditor accountId={accountId} request={request} heading={RENEWAL_TEXTS.heading(policyNumber, productName)} sends={{ renewal: renewal.value }} />;
}

/** The editor started from terms already made (a quote's, a renewal's), under a heading naming them, in the account's edition. */
function RequestEditor({ accountId, request, heading, sends }: { accountId: string; request: QuoteRequest; heading: string; sends: Pick<EditorProps, 'terms' | 'renewal'> }) {
  const account = useQuoteAccount(accountId);
  if (account.status === 'loading') return <Loading />;
  if (account.status === 'error') return <Problem text={account.message} />;
  return (
    <AccountEdition account={account.value}>
      <AccountRequestEditor account={account.value} request={request} heading={heading} sends={sends} />
    </AccountEdition>
  );
}

function AccountRequestEditor({ account, request, heading, sends }: { account: QuoteAccount; request: QuoteRequest; heading: string; sends: Pick<EditorProps, 'terms' | 'renewal'> }) {
  const { registry, editionId, edition, rules } = usePageContext();
  const rater = useMemo(() => raterDefinitionsOf(registry, editionId), [registry, editionId]);
  const start = useMemo(() => startEditorFromRequest(rater, request, account, rules.today), [account, rater, request, rules.today]);
  if (!start.ok) return <Problem text={start.message} />;
  return (
    <Stack gap="5" data-testid="p250-coverage-editor">
      <Heading as="h2" size="md" data-testid="quote-terms-of">
        {heading}
      </Heading>
      <AccountSummary account={account} edition={edition} />
      <Editor account={account} initial={start.state} initialExtras={extrasOfRequest(request)} eligibility={start.eligibility} rater={rater} {...sends} />
    </Stack>
  );
}

interface EditorProps {
  account: QuoteAccount;
  initial: P250State;
  initialExtras?: QuoteExtras;
  eligibility: Map<number, { eligible: boolean; tooltip?: string }>;
  rater: RaterDefinitions;
  /** The quote whose terms are changed (Update Quote), rather than a new quote of the account. */
  terms?: QuoteDetail;
  /** The policy whose renewal's cover is chosen (Create Renewal Quote), rather than a new quote of the account. */
  renewal?: PolicyRenewal;
  /** Steps between the questions and the coverage (spec 002 section 2 order: questions, state-license, quote). */
  beforeCoverage?: ReactNode;
  /** The submission new quotes are made for (the submissions variant of the flow). */
  submissionId?: string;
}

function Editor({
  account,
  initial,
  initialExtras,
  eligibility,
  rater,
  terms,
  renewal,
  beforeCoverage,
  submissionId,
}: EditorProps) {
  const { registry, edition, rules, areaBase, form } = usePageContext();
  const user = useCurrentUser().data;
  const editor = useQuoteEditor(rater, initial, initialExtras);
  const { state } = editor;
  const securityFormId = rater.products.get(state.product)?.questionnaire.security;
  const applicationFormId = rater.products.get(state.product)?.questionnaire.application;
  const applicationForm = applicationFormId && !terms && !renewal ? form(applicationFormId) : undefined;
  const securityForm = securityFormId ? form(securityFormId) : undefined;
  const titles = useMemo(() => questionTitles(securityForm), [securityForm]);
  const pagePaths = useMemo(() => registry.list('page').map((page) => (page as { path?: string }).path ?? ''), [registry]);
  const actions = useQuoteActions({
    accountId: account.id,
    teamId: account.teamId,
    ...(submissionId ? { submissionId } : {}),
    areaBase,
    pagePaths,
    current: editor.current,
    currentExtras: editor.currentExtras,
    needsAnswers: () => !securityAnswered(securityForm, editor.current().account.securityQuestions),
  });

  const has = useMemo(
    () => ({ tria: TRIA in initial.coverages, additionalInsured: ADDITIONAL_INSURED in initial.coverages, eventExclusion: SPECIFIED_EVENT_EXCLUSION in initial.coverages }),
    [initial],
  );
  const extraForms = useMemo(() => ({ additionalInsured: form(FORMS.additionalInsured), eventExclusion: form(FORMS.eventExclusion) }), [form]);
  const groups = coverageGroups(state, rater.catalogue.groups, eligibility);
  const why = unselectedByAnswers(state, rater.coverages, titles);
  const answered = securityAnswered(securityForm, state.account.securityQuestions);

  // The reasons the endorsement was ruled out, shown in the dialog the security form's definition words.
  const [unavailable, setUnavailable] = useState<string[]>();
  const unavailableOutcome = securityForm?.actions?.outcome;
  const saveAnswers = async (payload: Record<string, unknown>) => {
    const saved = await saveSecurityAnswers(securityForm?.binding?.submit, account.id, payload, editor.current().account.securityQuestions);
    // The server's own words when the endorsement is added ('Social Engineering Endorsement Added').
    if (saved.socialEngineering?.available && saved.socialEngineering.message) toaster.create({ type: 'success', title: saved.socialEngineering.message, closable: true });
    else if (saved.socialEngineering) setUnavailable(saved.socialEngineering.reasons);
    // An answered-but-invalid coverage is unselected by the engine's change.
    actions.answered(editor.apply({ type: 'securityQuestions', value: saved.answers }));
  };

  return (
    <Grid templateColumns={{ base: '1fr', xl: 'minmax(0, 1fr) 18rem' }} gap="5" alignItems="start">
      <Stack gap="5" minW="0">
        {securityForm && (
          <Section id="questions" title={securityForm.title ?? 'Security Questions'}>
            <SecuritySection decided={decidedCoverages(state)} answered={answered} why={why} onOpen={actions.askQuestions} />
          </Section>
        )}
        {beforeCoverage}
        <Section id="quote" title="Coverage">
          <Stack gap="5">
            <GlobalSettings state={state} edition={edition} apply={editor.apply} datesFixed={renewal ? RENEWAL_TEXTS.datesFixed : undefined} />
            <CoverageGroups groups={groups} edition={edition} apply={editor.apply} />
          </Stack>
        </Section>
        <QuoteExtrasSection
          extras={editor.extras}
          setExtras={editor.setExtras}
          has={has}
          forms={extraForms}
          edition={edition}
          context={rules}
        />
        {applicationForm && <ApplicationStep accountId={account.id} form={applicationForm} />}
      </Stack>
      <Box position={{ xl: 'sticky' }} top={{ xl: '4' }}>
        <Stack gap="4">
          <PremiumPanel rating={state.rating} edition={edition} />
          {terms ? (
            <UpdateTermsBar quote={terms} editor={editor} accountId={account.id} />
          ) : renewal ? (
            <RenewalTermsBar renewal={renewal} editor={editor} />
          ) : (
            <QuoteActionBar busy={actions.busy} disabled={!account.canRequestQuote || !state.rating.ok} cartCount={actions.cartCount} start={actions.start} />
          )}
        </Stack>
      </Box>
      {actions.asking && securityForm && (
        <SecurityQuestionsDialog
          definition={securityForm}
          edition={edition}
          context={rules}
          answers={state.account.securityQuestions}
          followUp={actions.asking === 'save' ? undefined : actions.asking}
          onClose={actions.closeQuestions}
          onSubmit={saveAnswers}
        />
      )}
      {unavailable && unavailableOutcome && (
        <OutcomeDialog
          title={unavailableOutcome.title}
          text={unavailableOutcome.text}
          items={unavailable}
          onClose={() => setUnavailable(undefined)}
        />
      )}
      {actions.cartOpen && (
        <QuoteCartDialog
          account={account}
          agent={{ firstName: user?.firstName, lastName: user?.lastName, email: user?.email, phone: user?.phone }}
          edition={edition}
          context={rules}
          retailAgentForm={form(FORMS.retailAgent)}
          onClose={actions.closeCart}
          onCount={actions.setCartCount}
          onRequested={actions.requested}
        />
      )}
    </Grid>
  );
}

function Loading() {
  return (
    <Stack gap="3" role="status" aria-label="Loading">
      <Skeleton height="24" />
      <Skeleton height="64" />
    </Stack>
  );
}

function Problem({ text }: { text: string }) {
  return (
    <Alert.Root status="error" data-testid="quote-problem">
      <Alert.Indicator />
      <Alert.Title>{text}</Alert.Title>
    </Alert.Root>
  );
}
