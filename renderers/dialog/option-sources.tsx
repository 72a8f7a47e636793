import { useEffect, useMemo, useState } from 'react';
import { Alert, Link } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { runNamed } from '../../api/run.ts';
import { choicesFromAnswer, evaluateLogicMap, optionSourcesOf, withChoices, type FormDefinition, type JsonLogic, type OptionSource } from '../../engine/index.ts';
import { run } from '../session/run.ts';

type Sourced =
  | { status: 'loading' }
  | { status: 'ready'; definition: FormDefinition; empty: NonNullable<OptionSource['empty']>[] }
  | { status: 'error'; message: string };

/**
 * A form definition with the choices its `x-options` fields read from the server (the organisation's tags), and
 * the notices of the sources that answered no rows. A form without such fields is ready at once, unchanged.
 * A source's path `params` are read from the dialog's initial data, once, when it opens.
 */
export function useOptionSources(definition: FormDefinition, initialData?: Record<string, unknown>): Sourced {
  const hasSources = useMemo(() => optionSourcesOf(definition).length > 0, [definition]);
  // The answer is kept with the definition it was read for, so a changed definition never shows stale choices.
  const [read, setRead] = useState<{ definition: FormDefinition; sourced: Sourced }>();
  useEffect(() => {
    if (!hasSources) return undefined;
    const wanted = optionSourcesOf(definition);
    const controller = new AbortController();
    const paramsOf = (source: OptionSource) => (source.params
      ? evaluateLogicMap(source.params as Record<string, JsonLogic>, { data: initialData ?? {} }) as Record<string, string>
      : undefined);
    Promise.all(wanted.map(({ source }) => runNamed(run, source.operation, { params: paramsOf(source), query: source.query ?? {}, signal: controller.signal })))
      .then((answers) => {
        if (controller.signal.aborted) return;
        let resolved = definition;
        const empty: NonNullable<OptionSource['empty']>[] = [];
        wanted.forEach(({ field, source }, index) => {
          const choices = choicesFromAnswer(answers[index], source);
          resolved = withChoices(resolved, field, choices);
          if (choices.length === 0 && source.empty) empty.push(source.empty);
        });
        setRead({ definition, sourced: { status: 'ready', definition: resolved, empty } });
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setRead({ definition, sourced: { status: 'error', message: error instanceof Error ? error.message : String(error) } });
      });
    return () => controller.abort();
    // The initial data is read when the dialog opens; later edits of the form do not fetch the choices again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [definition, hasSources]);
  if (!hasSources) return { status: 'ready', definition, empty: [] };
  return read?.definition === definition ? read.sourced : { status: 'loading' };
}

/** What a field's source says when it has nothing to offer, with the link to where such things are set up. */
export function EmptySourceNotice({ empty }: { empty: NonNullable<OptionSource['empty']> }) {
  return (
    <Alert.Root status="info" mb="4" data-testid="options-empty">
      <Alert.Indicator />
      <Alert.Title>
        {empty.text}{' '}
        {empty.link && (
          <Link asChild colorPalette="blue" fontWeight="semibold">
            <RouterLink to={empty.link.path}>{empty.link.label}</RouterLink>
          </Link>
        )}
      </Alert.Title>
    </Alert.Root>
  );
}
