import { useSyncExternalStore, type FormEvent, type ReactNode } from 'react';
import type { FormDefinition } from '../../engine/index.ts';
import type { FormSession } from '../form/form-session.ts';
import { labelIdOf, messagesIdOf, widgetIdOf } from '../form/field-ids.ts';
import { useSessionFieldView } from '../form/use-field-view.ts';
import './lean.css';

/**
 * A form definition drawn without rjsf or Chakra: the same FormSession (the engine's rules, messages and
 * validation) painted with plain inputs, for the sign-in page's first load, where the full form runtime
 * would triple the download (issue 9's 150 KB budget). It draws flat forms of the widgets below and nothing
 * else: `drawsLean` says whether a definition qualifies, and a page whose form does not uses the full
 * runtime. Ids, labels, messages and aria attributes are the full runtime's, so both read the same to a
 * user, a screen reader and a test.
 */
const LEAN_WIDGETS = new Set(['text', 'email', 'password', 'oneTimeCode', 'checkbox', 'hidden']);

interface PropertySchema {
  type?: string;
  maxLength?: number;
  default?: unknown;
  enum?: unknown[];
  oneOf?: unknown[];
}

interface UiField {
  'ui:widget'?: string;
  'ui:placeholder'?: string;
  'ui:help'?: string;
  'ui:autofocus'?: boolean;
  'ui:options'?: { autocomplete?: string };
}

const propertiesOf = (definition: FormDefinition) => ((definition.schema as { properties?: Record<string, PropertySchema> }).properties ?? {});
const uiOf = (definition: FormDefinition, path: string) => ((definition.uiSchema as Record<string, UiField | undefined> | undefined)?.[path] ?? {});

/** The widget a field draws with, picked as the full runtime picks it (renderers/form/widget-kinds.ts). */
function widgetOf(schema: PropertySchema, ui: UiField): string {
  if (typeof ui['ui:widget'] === 'string') return ui['ui:widget'];
  if (schema.type === 'boolean') return 'checkbox';
  if (schema.type === 'array' || schema.type === 'object') return 'unsupported';
  if (schema.enum || schema.oneOf) return 'select';
  return 'text';
}

/** The fields in the order the layout lists them, then any the layout leaves out. */
function fieldOrder(definition: FormDefinition): string[] {
  const listed = (definition.layout?.sections ?? []).flatMap((section) => section.fields ?? []);
  return [...new Set([...listed, ...Object.keys(propertiesOf(definition))])];
}

/** Whether the lean form can draw this definition: flat, and every field one of its widgets. */
export function drawsLean(definition: FormDefinition): boolean {
  const properties = propertiesOf(definition);
  return fieldOrder(definition).every((path) => {
    const schema = properties[path];
    return schema !== undefined && LEAN_WIDGETS.has(widgetOf(schema, uiOf(definition, path)));
  });
}

/** The schema's top-level defaults, which rjsf would fill in before the first change (a checkbox's false). */
export function schemaDefaults(definition: FormDefinition): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(propertiesOf(definition))
      .filter(([, schema]) => schema.default !== undefined)
      .map(([path, schema]) => [path, schema.default]),
  );
}

/** The session's snapshot, re-rendering on each change (the same snapshot when drawn to markup). */
export function useLeanSnapshot(session: FormSession) {
  return useSyncExternalStore(session.subscribe, session.getSnapshot, session.getSnapshot);
}

/**
 * The form: its fields, then `children` (the submit button and links). A submit reveals every error and
 * focuses the first; `onSubmit` gets the payload only when the engine finds the data valid.
 */
export function LeanForm({ session, onSubmit, idPrefix = 'root', children }: {
  session: FormSession;
  onSubmit: (payload: Record<string, unknown>) => void;
  idPrefix?: string;
  children?: ReactNode;
}) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (session.attemptSubmit()) {
      onSubmit(session.payload());
      return;
    }
    const first = session.firstInvalidPath();
    if (first) document.getElementById(widgetIdOf(idPrefix, first))?.focus();
  };
  return (
    <form className="lean-form" noValidate onSubmit={submit}>
      {fieldOrder(session.definition).map((path) => (
        <LeanField key={path} session={session} path={path} id={widgetIdOf(idPrefix, path)} />
      ))}
      {children}
    </form>
  );
}

const digitsOnly = (text: string) => text.replace(/\D/g, '');

function LeanField({ session, path, id }: { session: FormSession; path: string; id: string }) {
  const view = useSessionFieldView(session, path);
  const data = useLeanSnapshot(session).state.data;
  const schema = propertiesOf(session.definition)[path] ?? {};
  const ui = uiOf(session.definition, path);
  const widget = widgetOf(schema, ui);
  if (widget === 'hidden' || !view.visible) return null;
  const label = view.state?.label ?? path;
  const required = view.state?.required ?? false;
  const disabled = view.state?.enabled === false;
  const hasMessages = view.errors.length + view.notes.length > 0;
  const aria = {
    'aria-invalid': view.errors.length > 0 || undefined,
    'aria-required': required || undefined,
    'aria-describedby': hasMessages ? messagesIdOf(id) : undefined,
  };
  const asterisk = required ? (
    <span className="lean-required" aria-hidden="true">
      *
    </span>
  ) : null;
  const value = data[path];
  const touch = () => session.touchId(id);

  if (widget === 'checkbox') {
    return (
      <div className="form-field" data-field={path} data-testid={`field-${path}`}>
        <label className="lean-check">
          <input id={id} name={id} type="checkbox" checked={value === true} disabled={disabled} onChange={(event) => session.update({ ...session.getSnapshot().state.data, [path]: event.target.checked })} onBlur={touch} {...aria} />
          <span>
            {label}
            {asterisk}
          </span>
        </label>
        <LeanMessages id={id} errors={view.errors} notes={view.notes} />
      </div>
    );
  }

  const oneTimeCode = widget === 'oneTimeCode';
  return (
    <div className="form-field" data-field={path} data-testid={`field-${path}`}>
      <label id={labelIdOf(id)} htmlFor={id} className="lean-label">
        {label}
        {asterisk}
      </label>
      <input
        id={id}
        name={id}
        className="lean-input"
        type={widget === 'text' || oneTimeCode ? 'text' : widget}
        value={typeof value === 'string' ? value : ''}
        placeholder={ui['ui:placeholder']}
        autoFocus={ui['ui:autofocus']}
        autoComplete={oneTimeCode ? 'one-time-code' : ui['ui:options']?.autocomplete}
        inputMode={oneTimeCode ? 'numeric' : undefined}
        maxLength={schema.maxLength}
        disabled={disabled}
        onChange={(event) => {
          const text = oneTimeCode ? digitsOnly(event.target.value) : event.target.value;
          // An emptied box is no value, as rjsf reports it (the required message comes back).
          session.update({ ...session.getSnapshot().state.data, [path]: text === '' ? undefined : text });
        }}
        onBlur={touch}
        {...aria}
      />
      {ui['ui:help'] && <p className="lean-help">{ui['ui:help']}</p>}
      <LeanMessages id={id} errors={view.errors} notes={view.notes} />
    </div>
  );
}

function LeanMessages({ id, errors, notes }: { id: string; errors: string[]; notes: { text: string; level: string }[] }) {
  if (errors.length === 0 && notes.length === 0) return null;
  return (
    <div id={messagesIdOf(id)} className="lean-messages" aria-live="polite">
      {errors.map((text) => (
        <p key={`error:${text}`} className="lean-message-error" data-testid="field-error">
          {text}
        </p>
      ))}
      {notes.map((note) => (
        <p key={`${note.level}:${note.text}`} className={`lean-message-${note.level}`} data-testid={`field-${note.level}`}>
          {note.text}
        </p>
      ))}
    </div>
  );
}
