import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { Text } from '@chakra-ui/react';
import { Select } from 'chakra-react-select';
import type { WidgetProps } from '@rjsf/utils';
import { runNamed } from '../../../api/run.ts';
import { evaluateLogic, evaluateLogicMap, getPath, type JsonLogic } from '../../../engine/index.ts';
import { run } from '../../session/run.ts';
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
  /**
   * More query parameters of the operation: name -> json-logic over the form data (the roles of the account
   * type chosen above). The choices are read again when one changes; an empty value is left out.
   */
  query?: Record<string, JsonLogic>;
  /** Query parameters that must have a value before the choices are read (until then there are none). */
  requires?: string[];
  /** false: a short list, read once (per query) and filtered in the browser as the user types. Default true. */
  search?: boolean;
  /** What the field says when the choices could not be read (the spec's 'unable to fetch the account roles'). */
  failureText?: string;
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

/** The answer to one search (and query); another one in flight shows as loading. */
type Answer = { search: string; rows: Record<string, unknown>[] | 'error' };

const isEmpty = (value: unknown) => value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

/** The query's values over the form data, as a stable string key (empty values left out); null while a required one is empty. */
export function queryKeyOf(lookup: LookupOptions, data: Record<string, unknown>): string | null {
  const values = Object.fromEntries(Object.entries(evaluateLogicMap(lookup.query, data)).filter(([, value]) => !isEmpty(value)));
  if ((lookup.requires ?? []).some((name) => isEmpty(values[name]))) return null;
  return JSON.stringify(values);
}

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
 * A choice among records the server lists (an agency, an agent of the agency; on an array field, several:
 * the teams of an organisation). Choosing one stores its value and fills the fields `fill` names through the
 * form session, so the rules see them at once; clearing it clears them.
 */
export function LookupWidget(props: WidgetProps) {
  const { id, name, value, onBlur, onFocus, autofocus, placeholder } = props;
  const flags = useWidgetFlags(props);
  const { session } = formContextOf(props);
  const lookup = lookupOf(props.options);
  const multiple = props.schema.type === 'array';
  const searching = lookup.search !== false;
  const [input, setInput] = useState('');
  const [search, setSearch] = useState('');
  const [answer, setAnswer] = useState<Answer>();
  // The query's values, read from the form data: the choices follow the fields they depend on.
  const readQueryKey = useCallback(() => queryKeyOf(lookup, session.getSnapshot().state.data), [lookup, session]);
  const queryKey = useSyncExternalStore(session.subscribe, readQueryKey);
  const asked = `${searching ? search : ''}\u0000${queryKey ?? ''}`;

  useEffect(() => {
    if (!searching) return undefined;
    const timer = setTimeout(() => setSearch(input.trim()), input.trim() === search ? 0 : LOOKUP_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [input, search, searching]);

  useEffect(() => {
    if (queryKey === null) return undefined;
    const controller = new AbortController();
    const query = { ...(searching ? { size: lookup.size ?? DEFAULT_SIZE, ...(search ? { search } : {}) } : {}), ...(JSON.parse(queryKey) as Record<string, unknown>) };
    runNamed(run, lookup.operation, { query, signal: controller.signal })
      .then((result) => !controller.signal.aborted && setAnswer({ search: asked, rows: rowsOf(result) }))
      .catch(() => !controller.signal.aborted && setAnswer({ search: asked, rows: 'error' }));
    return () => controller.abort();
  }, [lookup.operation, lookup.size, search, searching, queryKey, asked]);

  // While a required query value is empty there is nothing to ask for, hence no choices.
  const waiting = queryKey === null;
  const loading = !waiting && answer?.search !== asked;
  const failed = !waiting && !loading && answer?.rows === 'error';
  const choices = useMemo<LookupChoice[]>(
    () =>
      (!waiting && answer && answer.rows !== 'error' ? answer.rows : []).map((row) => {
        const rowValue = getPath(row, lookup.valuePath);
        return { key: String(rowValue), value: rowValue, label: String(getPath(row, lookup.labelPath) ?? rowValue), row };
      }),
    [answer, waiting, lookup.valuePath, lookup.labelPath],
  );
  const choiceOf = useCallback(
    (item: unknown): LookupChoice => {
      const listed = choices.find((choice) => choice.value === item);
      if (listed) return listed;
      const data = session.getSnapshot().state.data;
      const label = lookup.currentLabel === undefined || multiple ? '' : evaluateLogic(lookup.currentLabel, data);
      return { key: String(item), value: item, label: typeof label === 'string' && label.trim() ? label : String(item) };
    },
    [choices, session, lookup.currentLabel, multiple],
  );
  const selected = useMemo<LookupChoice | LookupChoice[] | null>(() => {
    if (multiple) return (Array.isArray(value) ? value : []).map(choiceOf);
    return value === undefined || value === null || value === '' ? null : choiceOf(value);
  }, [value, multiple, choiceOf]);

  const choose = (chosen: LookupChoice | readonly LookupChoice[] | null) => {
    if (multiple) {
      const list = Array.isArray(chosen) ? (chosen as readonly LookupChoice[]) : [];
      session.assign({ [name]: list.length > 0 ? list.map((choice) => choice.value) : undefined });
      return;
    }
    const choice = chosen as LookupChoice | null;
    const filled = Object.fromEntries(Object.entries(lookup.fill ?? {}).map(([field, path]) => [field, choice?.row ? (getPath(choice.row, path) ?? undefined) : undefined]));
    session.assign({ [name]: choice ? choice.value : undefined, ...filled });
  };

  const failureText = lookup.failureText ?? 'The choices could not be loaded';
  return (
    <>
      <Select<LookupChoice, boolean>
        inputId={id}
        name={id}
        size="sm"
        isMulti={multiple}
        closeMenuOnSelect={!multiple}
        options={choices}
        value={selected}
        inputValue={input}
        onInputChange={(text, meta) => {
          if (meta.action === 'input-change') setInput(text);
          else if (meta.action === 'menu-close' || meta.action === 'set-value') setInput('');
        }}
        // Searched on the server as typed (until the typing settles, the last answer is narrowed here, so Enter never
        // picks a row the text does not match), or (search: false) the short list filtered here.
        filterOption={searching && input.trim() === search ? () => true : (option, text) => option.label.toLowerCase().includes(text.trim().toLowerCase())}
        isLoading={loading}
        getOptionValue={(choice) => choice.key}
        getOptionLabel={(choice) => choice.label}
        placeholder={placeholder ?? SELECT_PLACEHOLDER}
        noOptionsMessage={() => (failed ? failureText : noOptionsMessage())}
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
      {failed && lookup.failureText && (
        <Text role="alert" fontSize="sm" color="fg.error" mt="1" data-testid={`lookup-failure-${name}`}>
          {lookup.failureText}
        </Text>
      )}
    </>
  );
}
