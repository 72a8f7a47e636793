import { useEffect, useId, useState, useSyncExternalStore, type KeyboardEvent } from 'react';
import { Badge, Box, HStack, Input, Spinner, Stack, Text, chakra } from '@chakra-ui/react';
import type { WidgetProps } from '@rjsf/utils';
import { runNamed } from '../../../api/run.ts';
import { evaluateLogic, evaluateLogicMap, type JsonLogic } from '../../../engine/index.ts';
import { run } from '../../session/run.ts';
import { formContextOf, inputAria, useWidgetFlags } from './widget-flags.ts';

/**
 * `ui:options.suggest` of a `suggest` field: free text (the value is what the user types), with records
 * the server finds for that text listed under it as the user types. Picking one fills the fields `fill`
 * names through the form session, so the rules see them at once (the new-account search: a picked
 * company fills the address and moves the dialog to adding).
 */
export interface SuggestOptions {
  operation: string;
  /** Further query parameters: name -> json-logic over the form data (the state searched in). */
  query?: Record<string, JsonLogic>;
  /** Rows asked for per search (spec 001 section 9: 10 for the account search). */
  size?: number;
  /** Typing settles this long before the server is asked (spec 001 section 9: 200 ms for the account search). */
  debounceMs?: number;
  /** Row path of a suggestion's title. */
  labelPath: string;
  /** A line under the title: json-logic over the row. */
  detail?: JsonLogic;
  /** A short tag beside the title ('Already your account'): json-logic over the row; nothing when empty. */
  badge?: JsonLogic;
  /** Fields a pick fills: field -> json-logic over the row (a plain value is itself). */
  fill: Record<string, JsonLogic>;
  /** json-logic over the form data: matches are searched only while it holds (the new-account search, not the lookup page). */
  when?: JsonLogic;
}

const DEFAULT_DEBOUNCE_MS = 300;
const DEFAULT_SIZE = 10;

type Found = { status: 'ready'; rows: Record<string, unknown>[] } | { status: 'error' };

function rowsOf(answer: unknown): Record<string, unknown>[] {
  if (Array.isArray(answer)) return answer as Record<string, unknown>[];
  const content = (answer as { content?: unknown } | null)?.content;
  return Array.isArray(content) ? (content as Record<string, unknown>[]) : [];
}

function suggestOf(options: WidgetProps['options']): SuggestOptions {
  const suggest = options.suggest as SuggestOptions | undefined;
  if (!suggest || typeof suggest.operation !== 'string' || typeof suggest.labelPath !== 'string' || typeof suggest.fill !== 'object') {
    throw new Error('A suggest field needs ui:options.suggest with operation, labelPath and fill');
  }
  return suggest;
}

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));

export function SuggestWidget(props: WidgetProps) {
  const { id, value, onChange, onBlur, onFocus, autofocus, placeholder, options } = props;
  const flags = useWidgetFlags(props);
  const { session } = formContextOf(props);
  const suggest = suggestOf(options);
  const listId = useId();
  const typed = text(value).trim();
  const searching = useSyncExternalStore(session.subscribe, () => suggest.when === undefined || Boolean(evaluateLogic(suggest.when, session.getSnapshot().state.data)));
  const queryKey = useSyncExternalStore(session.subscribe, () =>
    JSON.stringify(Object.fromEntries(Object.entries(evaluateLogicMap(suggest.query, session.getSnapshot().state.data)).filter(([, v]) => v !== null && v !== undefined && v !== ''))),
  );
  // The last answer and the search it answers; a newer search is loading until its answer comes.
  const [answered, setAnswered] = useState<{ key: string; found: Found } | null>(null);
  const searchKey = `${typed}\u0000${queryKey}`;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);

  useEffect(() => {
    if (!typed || flags.disabled || !searching) return undefined;
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      runNamed(run, suggest.operation, {
        query: { ...(JSON.parse(queryKey) as Record<string, unknown>), search: typed, page: 0, size: suggest.size ?? DEFAULT_SIZE },
        signal: controller.signal,
      })
        .then((answer) => {
          if (controller.signal.aborted) return;
          setAnswered({ key: searchKey, found: { status: 'ready', rows: rowsOf(answer) } });
          setActive(-1);
        })
        .catch(() => !controller.signal.aborted && setAnswered({ key: searchKey, found: { status: 'error' } }));
    }, suggest.debounceMs ?? DEFAULT_DEBOUNCE_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [typed, queryKey, searchKey, flags.disabled, searching, suggest.operation, suggest.size, suggest.debounceMs]);

  const loading = typed !== '' && !flags.disabled && searching && answered?.key !== searchKey;
  const found: Found | null = typed === '' ? null : (answered?.found ?? null);
  const rows = found?.status === 'ready' ? found.rows : [];
  const pick = (row: Record<string, unknown>) => {
    setOpen(false);
    session.assign(evaluateLogicMap(suggest.fill, row));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (!open || rows.length === 0) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((index) => (index + (event.key === 'ArrowDown' ? 1 : rows.length - 1)) % rows.length);
    } else if (event.key === 'Enter' && active >= 0) {
      event.preventDefault();
      pick(rows[active]!);
    } else if (event.key === 'Escape') {
      setOpen(false);
    }
  };
  const showList = open && searching && !flags.disabled && typed !== '' && found !== null;

  return (
    <Box position="relative">
      <HStack gap="2">
        <Input
          id={id}
          name={id}
          size="sm"
          value={text(value)}
          placeholder={placeholder}
          autoFocus={autofocus}
          autoComplete="off"
          role="combobox"
          aria-expanded={showList}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={showList && active >= 0 ? `${listId}-${active}` : undefined}
          disabled={flags.disabled}
          readOnly={flags.readOnly}
          {...inputAria(flags)}
          onChange={(event) => {
            setOpen(true);
            onChange(event.target.value === '' ? options.emptyValue : event.target.value);
          }}
          onKeyDown={onKeyDown}
          onBlur={(event) => {
            // A press on a suggestion lands before the blur closes the list (it prevents the blur's default).
            setOpen(false);
            onBlur(id, event.target.value);
          }}
          onFocus={(event) => onFocus(id, event.target.value)}
        />
        {loading && <Spinner size="xs" role="status" aria-label="Searching" />}
      </HStack>
      {showList && (
        <Stack
          id={listId}
          role="listbox"
          aria-label="Matching accounts"
          position="absolute"
          zIndex="dropdown"
          insetX="0"
          mt="1"
          bg="bg.panel"
          borderWidth="1px"
          rounded="md"
          shadow="md"
          gap="0"
          maxH="72"
          overflowY="auto"
          data-testid="suggestions"
        >
          {found?.status === 'error' && (
            <Text px="3" py="2" fontSize="sm" color="fg.error">
              The search could not be run
            </Text>
          )}
          {!loading && found?.status === 'ready' && rows.length === 0 && (
            <Text px="3" py="2" fontSize="sm" color="fg.muted">
              No matching account
            </Text>
          )}
          {rows.map((row, index) => {
            const badge = suggest.badge === undefined ? '' : text(evaluateLogic(suggest.badge, row));
            const detail = suggest.detail === undefined ? '' : text(evaluateLogic(suggest.detail, row));
            return (
              <chakra.button
                type="button"
                key={index}
                id={`${listId}-${index}`}
                role="option"
                aria-selected={index === active}
                textAlign="start"
                px="3"
                py="2"
                bg={index === active ? 'bg.muted' : undefined}
                _hover={{ bg: 'bg.muted' }}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => pick(row)}
              >
                <HStack gap="2">
                  <Text fontSize="sm" fontWeight="medium">
                    {text(row[suggest.labelPath])}
                  </Text>
                  {badge && (
                    <Badge size="sm" colorPalette="orange">
                      {badge}
                    </Badge>
                  )}
                </HStack>
                {detail && (
                  <Text fontSize="xs" color="fg.muted">
                    {detail}
                  </Text>
                )}
              </chakra.button>
            );
          })}
        </Stack>
      )}
    </Box>
  );
}
