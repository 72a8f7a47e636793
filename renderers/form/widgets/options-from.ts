import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { runNamed } from '../../../api/run.ts';
import { evaluateLogicMap, getPath, type JsonLogic } from '../../../engine/index.ts';
import { run } from '../../session/run.ts';
import type { Choice } from './enum-options.ts';
import { formContextOf } from './widget-flags.ts';

/**
 * `ui:options.optionsFrom` of a select: its options are the rows of a list operation of the contract
 * instead of the schema's `oneOf` (a team of the chosen agency, an agent of the chosen team). The query is
 * json-logic over the form's data, so the options follow the fields they depend on; a value that is no
 * longer among them is cleared.
 */
export interface OptionsFrom {
  operation: string;
  /** Query parameters: name -> json-logic over the form data (null or '' leaves the parameter out). */
  query?: Record<string, JsonLogic>;
  /** Path parameters, the same way (an operation answering for one record, such as a policy's additional insureds). */
  params?: Record<string, JsonLogic>;
  valuePath: string;
  labelPath: string;
  /** What the select says when the options could not be read (spec texts such as 'Failed to load the doc types!'). */
  failureText?: string;
}

export type OptionsState = { status: 'loading' | 'error'; choices: Choice[] } | { status: 'ready'; choices: Choice[] };

function rowsOf(answer: unknown): Record<string, unknown>[] {
  if (Array.isArray(answer)) return answer as Record<string, unknown>[];
  const content = (answer as { content?: unknown } | null)?.content;
  return Array.isArray(content) ? (content as Record<string, unknown>[]) : [];
}

/** The operation's rows as choices, or undefined for a select whose options are the schema's. */
export function useOptionsFrom(props: WidgetProps): OptionsState | undefined {
  const spec = props.options.optionsFrom as OptionsFrom | undefined;
  const { session } = formContextOf(props);
  // The request as text, so the rows are read again only when a field it reads changes.
  const queryKey = useSyncExternalStore(session.subscribe, () => {
    if (!spec?.query && !spec?.params) return '{"query":{},"params":{}}';
    const data = session.getSnapshot().state.data;
    const present = (logic: Record<string, JsonLogic> | undefined) =>
      Object.fromEntries(Object.entries(logic ? evaluateLogicMap(logic, data) : {}).filter(([, value]) => value !== null && value !== undefined && value !== ''));
    return JSON.stringify({ query: present(spec.query), params: present(spec.params) });
  });
  // A path parameter not yet known leaves nothing to ask for: no options rather than a request that must fail.
  const unaskable = Boolean(spec?.params && Object.keys(spec.params).some((name) => !(name in (JSON.parse(queryKey) as { params: object }).params)));
  // The last answer and the query it answers: while the query differs, the options are loading.
  const [answered, setAnswered] = useState<{ key: string; state: OptionsState } | null>(null);
  useEffect(() => {
    if (!spec || unaskable) return undefined;
    const controller = new AbortController();
    const request = JSON.parse(queryKey) as { query: Record<string, unknown>; params: Record<string, string> };
    runNamed(run, spec.operation, { query: request.query, params: request.params, signal: controller.signal })
      .then((answer) => {
        if (controller.signal.aborted) return;
        const choices = rowsOf(answer).map((row, index) => ({ key: String(index), value: getPath(row, spec.valuePath), label: String(getPath(row, spec.labelPath) ?? '') }));
        setAnswered({ key: queryKey, state: { status: 'ready', choices } });
      })
      .catch(() => !controller.signal.aborted && setAnswered({ key: queryKey, state: { status: 'error', choices: [] } }));
    return () => controller.abort();
  }, [spec?.operation, spec?.valuePath, spec?.labelPath, queryKey, unaskable]); // eslint-disable-line react-hooks/exhaustive-deps
  const state = useMemo<OptionsState>(() => {
    if (unaskable) return { status: 'ready', choices: [] };
    return answered && answered.key === queryKey ? answered.state : { status: 'loading', choices: answered?.state.choices ?? [] };
  }, [answered, queryKey, unaskable]);

  const { value, onChange, options } = props;
  useEffect(() => {
    if (state.status !== 'ready' || value === undefined || value === null || value === '') return;
    if (!state.choices.some((choice) => choice.value === value)) onChange(options.emptyValue);
  }, [state, value, onChange, options.emptyValue]);
  return useMemo(() => (spec ? state : undefined), [spec, state]);
}
