import { useEffect, useRef } from 'react';
import { Box } from '@chakra-ui/react';
import { EditorState, StateEffect, type Extension } from '@codemirror/state';
import { EditorView, highlightActiveLine, highlightActiveLineGutter, hoverTooltip, keymap, lineNumbers } from '@codemirror/view';
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { bracketMatching, ensureSyntaxTree, foldGutter, foldKeymap, HighlightStyle, indentOnInput, syntaxHighlighting } from '@codemirror/language';
import { autocompletion, closeBrackets, closeBracketsKeymap, completionKeymap } from '@codemirror/autocomplete';
import { forceLinting, linter, lintGutter, lintKeymap, type Diagnostic } from '@codemirror/lint';
import { json, jsonLanguage, jsonParseLinter } from '@codemirror/lang-json';
import { tags } from '@lezer/highlight';
import { getJsonPointers, jsonCompletion, jsonSchemaHover, stateExtensions, updateSchema } from 'codemirror-json-schema';

type EditorSchema = Parameters<typeof updateSchema>[1];
import type { DraftFault } from './draft-check.ts';

export interface JsonEditorProps {
  /** The text to start from; a new `resetKey` replaces the editor's text with `value` again. */
  value: string;
  resetKey: number;
  onChange: (text: string) => void;
  /** The meta-schema offered as completion and hover (self-contained: no remote $ref). */
  schema?: object;
  /** Findings shown inline at their JSON pointers, beside the JSON syntax errors. */
  faults: DraftFault[];
  label: string;
}

/**
 * CodeMirror 6 over the draft's JSON: syntax highlighting, completion and hover from the kind's
 * meta-schema, and the engine's findings as diagnostics at their JSON pointers. Tab is left to move
 * focus (no indent-with-tab), so the editor never traps keyboard users.
 */
export function JsonEditor({ value, resetKey, onChange, schema, faults, label }: JsonEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const faultsRef = useRef(faults);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  useEffect(() => {
    const parent = host.current;
    if (!parent) return;
    const created = new EditorView({
      parent,
      state: EditorState.create({
        doc: value,
        extensions: editorExtensions(label, schema, () => faultsRef.current, (text) => onChangeRef.current(text)),
      }),
    });
    view.current = created;
    return () => {
      created.destroy();
      view.current = null;
    };
    // The editor is created once per reset; later values come from the user typing.
  }, [resetKey]); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    if (view.current) updateSchema(view.current, schema as EditorSchema);
  }, [schema]);

  useEffect(() => {
    faultsRef.current = faults;
    const editor = view.current;
    if (editor) {
      // The linter runs on its own after edits; new findings without an edit need a nudge.
      editor.dispatch({ effects: faultsChanged.of(null) });
      forceLinting(editor);
    }
  }, [faults]);

  return (
    <Box
      ref={host}
      borderWidth="1px"
      rounded="md"
      bg="bg"
      overflow="hidden"
      data-testid="json-editor"
      css={{ '& .cm-editor': { height: 'min(72vh, 52rem)' }, '& .cm-editor.cm-focused': { outline: '2px solid var(--chakra-colors-blue-focus-ring)' } }}
    />
  );
}

const faultsChanged = StateEffect.define<null>();

const highlight = HighlightStyle.define([
  { tag: tags.propertyName, color: 'var(--chakra-colors-blue-fg)' },
  { tag: tags.string, color: 'var(--chakra-colors-green-fg)' },
  { tag: tags.number, color: 'var(--chakra-colors-orange-fg)' },
  { tag: [tags.bool, tags.null], color: 'var(--chakra-colors-purple-fg)', fontWeight: '600' },
  { tag: tags.invalid, color: 'var(--chakra-colors-red-fg)' },
]);

const theme = EditorView.theme({
  '&': { fontSize: '13px', backgroundColor: 'var(--chakra-colors-bg)', color: 'var(--chakra-colors-fg)' },
  '.cm-scroller': { fontFamily: 'var(--chakra-fonts-mono)' },
  '.cm-gutters': { backgroundColor: 'var(--chakra-colors-bg-subtle)', color: 'var(--chakra-colors-fg-muted)', borderRight: '1px solid var(--chakra-colors-border)' },
  '.cm-activeLine, .cm-activeLineGutter': { backgroundColor: 'var(--chakra-colors-bg-muted)' },
  '.cm-cursor': { borderLeftColor: 'var(--chakra-colors-fg)' },
  '&.cm-focused .cm-selectionBackground, .cm-selectionBackground, ::selection': { backgroundColor: 'var(--chakra-colors-blue-muted) !important' },
  '.cm-tooltip': { backgroundColor: 'var(--chakra-colors-bg-panel)', color: 'var(--chakra-colors-fg)', border: '1px solid var(--chakra-colors-border)' },
  '.cm-tooltip-autocomplete ul li[aria-selected]': { backgroundColor: 'var(--chakra-colors-blue-solid)', color: 'white' },
  '.cm-diagnostic': { color: 'var(--chakra-colors-fg)' },
});

function editorExtensions(label: string, schema: object | undefined, faults: () => DraftFault[], changed: (text: string) => void): Extension[] {
  const syntax = jsonParseLinter();
  return [
    lineNumbers(),
    highlightActiveLineGutter(),
    highlightActiveLine(),
    foldGutter(),
    history(),
    indentOnInput(),
    bracketMatching(),
    closeBrackets(),
    json(),
    syntaxHighlighting(highlight),
    theme,
    autocompletion({ activateOnTyping: true }),
    jsonLanguage.data.of({ autocomplete: jsonCompletion() }),
    hoverTooltip(jsonSchemaHover()),
    stateExtensions(schema as EditorSchema),
    lintGutter(),
    linter((view) => [...syntax(view), ...faultDiagnostics(view, faults())], {
      delay: 200,
      needsRefresh: (update) => update.transactions.some((transaction) => transaction.effects.some((effect) => effect.is(faultsChanged))),
    }),
    keymap.of([...closeBracketsKeymap, ...defaultKeymap, ...historyKeymap, ...foldKeymap, ...completionKeymap, ...lintKeymap]),
    EditorView.contentAttributes.of({ 'aria-label': label }),
    EditorView.updateListener.of((update) => {
      if (update.docChanged) changed(update.state.doc.toString());
    }),
  ];
}

/** Places each finding on the property its pointer names, or the nearest parent the text still has. */
function faultDiagnostics(view: EditorView, faults: DraftFault[]): Diagnostic[] {
  if (faults.length === 0) return [];
  const state = view.state;
  ensureSyntaxTree(state, state.doc.length, 500);
  const pointers = getJsonPointers(state, 'json4');
  return faults.map((fault) => {
    let pointer = fault.pointer;
    let place = pointers.get(pointer);
    while (!place && pointer) {
      pointer = pointer.slice(0, Math.max(0, pointer.lastIndexOf('/')));
      place = pointers.get(pointer);
    }
    const from = place?.keyFrom ?? 0;
    // An object's own range spans all of it; a property's key is enough to underline.
    const to = pointer === '' ? Math.min(state.doc.line(1).to, state.doc.length) : (place?.keyTo ?? from);
    return {
      from,
      to: Math.max(to, from),
      severity: fault.severity,
      source: fault.source,
      message: fault.pointer && pointer !== fault.pointer ? `${fault.pointer}: ${fault.message}` : fault.message,
    };
  });
}
