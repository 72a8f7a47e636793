import { useEffect, useMemo, useState } from 'react';
import { Select } from 'chakra-react-select';
import type { WidgetProps } from '@rjsf/utils';
import { runNamed } from '../../../api/run.ts';
import { evaluateLogic, getPath, type JsonLogic } from '../../../engine/index.ts';
import { run } from '../../session/api.ts';
import { formContextOf, useWidgetFlags } from './widget-flags.ts';
import { noOptionsMessage, SELECT_PLACEHOLDER } from './select-texts.ts';

/**
 * `ui:options.lookup` of a `lookup` field: its choices are the rows of a list operation of the contract
 * (a page's `content` or a plain array), searched on the server as the user types.
 */
export interface LookupOptions {
  operation: string;
  /** Row paths of a choice's stored value and its label. */
  valuePath: string;
  labelPath: string;
  /** Rows asked for per search (the spec's picker with search: 200). */
  size?: number;
  /** Other top-level fields a choice fills in: field -> row path (the chosen agent's name and e-mail). */
  fill?: Record<string, string>;
  /** The label of the stored value before its row is among the choices (a loaded record): json-logic over the form data. */
  currentLabel?: JsonLogic;
}

/** Typing settles this long before the server is asked (spec 001 section 9: agency name search debounce). */
export const LOOKUP_DEBOUNCE_MS = 500;
const DEFAULT_SIZE = 200;

interface LookupChoice {
  key: string;
  value: unknown;
  label: string;
  row?: Record<string, unknown>;
}

/** The answer to one search; another search in flight shows as loading. */
type Answer = { search: string; rows: Record<string, unknown>[] | 'error' };

function lookupOf(options: WidgetProps['options']): LookupOptions {
  const lookup = options.lookup as LookupOptions | undefined;
  if (!lookup || typeof lookup.operation !== 'string' || typeof lookup.valuePath !== 'string' || typeof lookup.labelPath !== 'string') {
    throw new Error('A lookup field needs ui:options.lookup with operation, valuePath and labelPath');
  }
  return lookup;
}

function rowsOf(answer: unknown): Record<string, unknown>[] {
  if (Array.isArray(answer)) return answer as Record<string, unknown>[];
  const content = (answer as { content?: unknown } | null)?.content;
  return Array.isArray(content) ? (content as Record<string, unknown>[]) : [];
}

/**
 * A single choice among records the server lists (an agency, an agent of the agency). Choosing one stores its
 * value and fills the fields `fill` names through the form session, so the rules see them at once; clearing
 * it clears them.
 */
export function LookupWidget(props: WidgetProps) {
  const { id, name, value, onBlur, onFocus, autofocus, placeholder } = props;
  const flags = useWidgetFlags(props);
  const { session } = formContextOf(props);
  const lookup = lookupOf(props.options);
  const [input, setInput] = useState('');
  const [search, setSearch] = useState('');
  const [answer, setAnswer] = useState<Answer>();

  useEffect(() => {
    const timer = setTimeout(() => setSearch(input.trim()), input.trim() === search ? 0 : LOOKUP_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [input, search]);

  useEffect(() => {
    const controller = new AbortController();
    runNamed(run, lookup.operation, { query: { size: lookup.size ?? DEFAULT_SIZE, ...(search ? { search } : {}) }, signal: controller.signal })
      .then((result) => !controller.signal.aborted && setAnswer({ search, rows: rowsOf(result) }))
      .catch(() => !controller.signal.aborted && setAnswer({ search, rows: 'error' }));
    return () => controller.abort();
  }, [lookup.operation, lookup.size, search]);

  const loading = answer?.search !== search;
  const failed = !loading && answer?.rows === 'error';
  const choices = useMemo<LookupChoice[]>(
    () =>
      (answer && answer.rows !== 'error' ? answer.rows : []).map((row) => {
        const rowValue = getPath(row, lookup.valuePath);
        return { key: String(rowValue), value: rowValue, label: String(getPath(row, lookup.labelPath) ?? rowValue), row };
      }),
    [answer, lookup.valuePath, lookup.labelPath],
  );
  const selected = useMemo<LookupChoice | null>(() => {
    if (value === undefined || value === null || value === '') return null;
    const listed = choices.find((choice) => choice.value === value);
    if (listed) return listed;
    const data = session.getSnapshot().state.data;
    const label = lookup.currentLabel === undefined ? '' : evaluateLogic(lookup.currentLabel, data);
    return { key: String(value), value, label: typeof label === 'string' && label.trim() ? label : String(value) };
  }, [value, choices, session, lookup.currentLabel]);

  const choose = (choice: LookupChoice | null) => {
    const filled = Object.fromEntries(Object.entries(lookup.fill ?? {}).map(([field, path]) => [field, choice?.row ? (getPath(choice.row, path) ?? undefined) : undefined]));
    session.assign({ [name]: choice ? choice.value : undefined, ...filled });
  };

  return (
    <Select<LookupChoice, false>
      inputId={id}
      name={id}
      size="sm"
      options={choices}
      value={selected}
      inputValue={input}
      onInputChange={(text, meta) => {
        if (meta.action === 'input-change') setInput(text);
        else if (meta.action === 'menu-close' || meta.action === 'set-value') setInput('');
      }}
      filterOption={() => true}
      isLoading={loading}
      getOptionValue={(choice) => choice.key}
      getOptionLabel={(choice) => choice.label}
      placeholder={placeholder ?? SELECT_PLACEHOLDER}
      noOptionsMessage={() => (failed ? 'The choices could not be loaded' : noOptionsMessage())}
      loadingMessage={() => 'Loading…'}
      isClearable={!flags.required}
      autoFocus={autofocus}
      isDisabled={flags.disabled}
      readOnly={flags.readOnly}
      invalid={flags.invalid}
      aria-invalid={flags.invalid || undefined}
      aria-describedby={flags.describedBy}
      onChange={choose}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
    />
  );
}
