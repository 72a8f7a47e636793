import { useEffect, useState } from 'react';
import { Button, NativeSelect, Stack, chakra } from '@chakra-ui/react';
import { runNamed } from '../../../api/run.ts';
import { getPath, type ActionChoice, type PageAction } from '../../../engine/index.ts';
import { run } from '../../session/run.ts';

type Options = { status: 'loading' } | { status: 'ready'; rows: Record<string, unknown>[] } | { status: 'error' };

/**
 * A toolbar button; with `choose`, the record it is for is picked first (the client account a claim is
 * reported for). One option is picked for the user; none disables the button and says why.
 */
export function ToolbarAction({ action, onStart }: { action: PageAction; onStart: (chosen?: Record<string, unknown>) => void }) {
  if (!action.choose) {
    return (
      <Button colorPalette="blue" onClick={() => onStart()}>
        {action.label}
      </Button>
    );
  }
  return <ChoosingAction action={action} choice={action.choose} onStart={onStart} />;
}

function ChoosingAction({ action, choice, onStart }: { action: PageAction; choice: ActionChoice; onStart: (chosen?: Record<string, unknown>) => void }) {
  const [options, setOptions] = useState<Options>({ status: 'loading' });
  const [value, setValue] = useState('');
  useEffect(() => {
    const controller = new AbortController();
    runNamed(run, choice.operation, { signal: controller.signal })
      .then((answer) => {
        if (controller.signal.aborted) return;
        const rows = rowsOf(answer);
        setOptions({ status: 'ready', rows });
        if (rows.length === 1) setValue(String(getPath(rows[0], choice.valuePath) ?? ''));
      })
      .catch(() => !controller.signal.aborted && setOptions({ status: 'error' }));
    return () => controller.abort();
  }, [choice.operation, choice.valuePath]);

  const rows = options.status === 'ready' ? options.rows : [];
  const chosen = rows.find((row) => String(getPath(row, choice.valuePath) ?? '') === value);
  const selectId = `choose-${action.id}`;
  const why = options.status === 'error' ? 'The list to choose from could not be loaded' : options.status === 'ready' && rows.length === 0 ? choice.emptyText : undefined;
  return (
    <>
      {rows.length > 1 && (
        <Stack gap="1">
          <chakra.label htmlFor={selectId} fontSize="sm" fontWeight="medium">
            {choice.label}
          </chakra.label>
          <NativeSelect.Root size="sm" width="64">
            <NativeSelect.Field id={selectId} value={value} onChange={(event) => setValue(event.target.value)} bg="bg">
              <option value="">{choice.placeholder}</option>
              {rows.map((row) => {
                const optionValue = String(getPath(row, choice.valuePath) ?? '');
                return (
                  <option key={optionValue} value={optionValue}>
                    {String(getPath(row, choice.labelPath) ?? optionValue)}
                  </option>
                );
              })}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Stack>
      )}
      <Button colorPalette="blue" disabled={!chosen} title={why} loading={options.status === 'loading'} onClick={() => chosen && onStart(chosen)}>
        {action.label}
      </Button>
    </>
  );
}

/** The rows of a list answer: a plain array or a page's `content`. */
function rowsOf(answer: unknown): Record<string, unknown>[] {
  if (Array.isArray(answer)) return answer as Record<string, unknown>[];
  const content = (answer as { content?: unknown } | null)?.content;
  return Array.isArray(content) ? (content as Record<string, unknown>[]) : [];
}
