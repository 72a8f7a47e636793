import { useEffect, useLayoutEffect } from 'react';
import { todayIso, type Edition, type FormDefinition } from '../../engine/index.ts';
import { DefinitionForm } from '../form/definition-form.tsx';
import { useFormSession, useSessionSnapshot } from '../form/use-form-session.ts';
import { markReady, recordCommit } from './keystroke-probe.ts';

const context = { edition: 'us', today: todayIso(), persona: 'agency' };

/** Commits with the form: it subscribes to the same session, so it renders in the commit that shows the change. */
function CommitProbe({ session }: { session: Parameters<typeof useSessionSnapshot>[0] }) {
  useSessionSnapshot(session);
  useLayoutEffect(recordCommit);
  return null;
}

/** The product's form renderer: rjsf drawn with our templates and widgets, the engine as validator. */
export function EngineFormBench({ definition, edition }: { definition: FormDefinition; edition: Edition }) {
  const session = useFormSession(definition, context, definition.sample);
  useEffect(markReady, []);
  return (
    <>
      <DefinitionForm session={session} edition={edition} today={context.today} />
      <CommitProbe session={session} />
    </>
  );
}
