/**
 * The engine's public surface: pure TypeScript, no React and no DOM, shared by the browser, the server
 * and the command-line tools. Node-only helpers (reading files) live in engine/node/.
 */
export * from './definitions/types.ts';
export type { Edition, EditionId, Contact } from './editions/edition-types.ts';
export { resolve, type EditionBundle } from './editions/resolve.ts';
export { applyOverlay } from './editions/apply-overlay.ts';
export { interpolateTerms, termsUsedIn } from './editions/interpolate-terms.ts';
export { recordEdition } from './editions/record-edition.ts';
export { selectListItems } from './editions/expand-schema.ts';
export { editionFromHost } from './editions/edition-of-host.ts';
export { PERSONAS, personaOfAccountType, personaById, dashboardFor, type Persona, type PersonaId, type AccountType } from './personas/personas.ts';
export { leadingZeroBits, proofInput } from './captcha/proof-of-work.ts';
export { createRegistry, type Registry, type DefinitionSourceDocuments, type SourceDocument } from './registry/registry.ts';
export { DefinitionError, describeFault, type DefinitionFault } from './registry/faults.ts';
export { validateAgainstMeta, metaSchemaOf, provideCompiledMetaValidators, metaValidatorExportName, META_KINDS, type MetaKind } from './registry/meta-validate.ts';
export { RuleEngine, evaluateRule, summarizeEffects, type RuleResult } from './rules/rule-engine.ts';
export { inputsOf } from './rules/dependencies.ts';
export { evaluateLogic, evaluateLogicMap } from './rules/evaluate-logic.ts';
export { type RuleContext, type RuleContextFacts, todayIso, todayIn, ruleContextOf, CONTEXT_KEY } from './rules/rule-context.ts';
export { FormRuntime, type FormState } from './form/form-runtime.ts';
export type { FieldState, SectionState } from './form/field-state.ts';
export { messageFor, type FieldError, type FieldErrors } from './validation/form-validator.ts';
export { DEFAULT_MESSAGES, fillMessage } from './validation/default-messages.ts';
export { formatMoney, groupMoneyInput, parseMoney } from './format/money.ts';
export { formatRate } from './format/rate.ts';
export { formatDate, formatDateTime, formatTimeOfDay, resolveDateToken } from './format/date.ts';
export { formatPhoneInput, formatPhoneDisplay, phoneDigits, applyMask } from './format/phone.ts';
export { formatCell, type CellFormatting } from './table/cell-format.ts';
export {
  initialTableState,
  compareCells,
  sortRows,
  matchesSearch,
  matchesFilters,
  paginate,
  DEFAULT_PAGE_SIZE,
  DEFAULT_PAGE_SIZES,
  type SortState,
  type FilterValues,
} from './table/table-rows.ts';
export { toCsv } from './table/csv.ts';
export { defaultTableView, viewForDefinition, isDefaultView, DEFAULT_TABLE_DENSITY, type TableView, type TableDensity } from './table/table-view.ts';
export { stableStringify, sortKeys } from './json/stable-stringify.ts';
export { getPath, setPath, deepEqual, isEmptyValue, fieldPathsOf, schemaAtPath } from './json/paths.ts';
export { diffJson, formatChanges, type JsonChange } from './diff/json-diff.ts';
export { lintRegistry } from './lint/lint-definitions.ts';
export { lintRater } from './lint/lint-rater.ts';
export { lintForm } from './lint/lint-form.ts';
export { lintPage, dialogOperations, type PageLookups } from './lint/lint-page.ts';
export { PAGE_COMPONENTS, isPageComponent, type PageComponentName } from './pages/page-components.ts';
export { NAV_GROUPS, isNavGroup, navSections, type NavGroupId, type NavEntry, type NavSection } from './pages/nav-groups.ts';
export { blocksOf, toolbarActionsOf, pagePathIn, type LocatedBlock } from './pages/page-blocks.ts';
export { lintTerms } from './lint/lint-terms.ts';
export { lintUserTexts } from './lint/lint-user-texts.ts';
export { lintFormContract, lintTableContract, type ContractOperations } from './lint/lint-contract.ts';
export { severityOf, type LintFault, type LintCheck } from './lint/lint-fault.ts';
export { optionSourcesOf, choicesFromAnswer, withChoices, OPTION_SOURCE_KEY, type OptionSource } from './form/option-sources.ts';
export * from './rater/index.ts';
export { termDays, unearnedDays, proRataReturnPremium, earnedPremium, flatCancelReturnPremium, endorsementPremiumChange, extendedReportingPremium, plusMoney, type PolicyTerm } from './policy/policy-money.ts';
export { movedPeriod } from './policy/policy-period.ts';
export { totalPremiumWithFees, feeAmounts, NO_FEES, type QuoteFees } from './policy/quote-fees.ts';
export { amountFinanced, installmentAmount, financeQuoteOf, financeablePremium, type FinanceTerms } from './policy/premium-finance.ts';
export { amountPaid, amountDue, paymentStatusOf, installmentDownPayment, type PaymentStatus, type TransactionStatus, type RecordedPayment } from './policy/payment-status.ts';
