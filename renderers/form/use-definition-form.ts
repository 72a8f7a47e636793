import { useMemo, useState } from 'react';
import { useAtomValue } from 'jotai';
import { todayIso, type Edition, type FormDefinition, type RuleContext } from '../../engine/index.ts';
import { editionIdAtom } from '../definitions/registry-atoms.ts';
import { useRegistryWith } from '../definitions/use-registry.ts';
import type { FormSession } from './form-session.ts';
import { useFormSession } from './use-form-session.ts';

export interface DefinitionFormModel {
  definition: FormDefinition;
  session: FormSession;
  edition: Edition;
  context: RuleContext;
}

/** A form definition of a public page, resolved for the app's edition, with its session. */
export function useDefinitionForm(id: string, options: { initialData?: Record<string, unknown>; flags?: Record<string, boolean> } = {}): DefinitionFormModel {
  const registry = useRegistryWith(id);
  const editionId = useAtomValue(editionIdAtom);
  const definition = useMemo(() => registry.resolve<FormDefinition>(id, editionId), [registry, id, editionId]);
  const [today] = useState(todayIso);
  const flags = options.flags ?? NO_FLAGS;
  const context = useMemo<RuleContext>(() => ({ edition: editionId, today, flags }), [editionId, today, flags]);
  // The initial data is read once: later changes of the caller's object must not restart the form.
  const [initialData] = useState(options.initialData);
  const session = useFormSession(definition, context, initialData);
  return { definition, session, edition: registry.edition(editionId), context };
}

/** The edition and a rule context for a form the page does not hold a session for (a dialog). */
export function useDefinitionContext(flags: Record<string, boolean> = NO_FLAGS): { edition: Edition; context: RuleContext } {
  const registry = useRegistryWith();
  const editionId = useAtomValue(editionIdAtom);
  const [today] = useState(todayIso);
  const context = useMemo<RuleContext>(() => ({ edition: editionId, today, flags }), [editionId, today, flags]);
  return { edition: registry.edition(editionId), context };
}

/** The app's edition settings (terms, contacts, locale). */
export function useEdition(): Edition {
  const registry = useRegistryWith();
  return registry.edition(useAtomValue(editionIdAtom));
}

const NO_FLAGS: Record<string, boolean> = {};
