import {
  deepEqual,
  fieldPathsOf,
  FormRuntime,
  getPath,
  setPath,
  type FieldState,
  type MessageLevel,
  type FormDefinition,
  type FormState,
  type RuleContext,
} from '../../engine/index.ts';

/** What one field template draws: the engine's state plus the errors the user may see by now. */
export interface FieldView {
  path: string;
  /** Undefined for paths the engine does not track (array items): drawn plainly. */
  state: FieldState | undefined;
  visible: boolean;
  /** Messages shown under the field: empty until the field is touched or a submit was attempted. */
  errors: string[];
  /** The field has an error, shown or not (for aria-invalid once shown). */
  invalid: boolean;
  /** The rules' warnings and information, and what a check made as the field is typed found ('Valid domain found!'). */
  notes: { text: string; level: MessageLevel }[];
}

/**
 * What the server said of a field's value as it was typed (ui:options.check, remote-checks.tsx): checking,
 * valid (its text shows as information) or invalid (its text is the field's error and blocks the submit).
 */
export interface RemoteCheck {
  status: 'checking' | 'valid' | 'invalid';
  message?: string;
}

export interface SessionSnapshot {
  state: FormState;
  /** The data differs from what the session started with (what `disableUntilDirty` waits for). */
  dirty: boolean;
  /** A submit was attempted: every error shows from then on. */
  submitted: boolean;
  /** A check the server makes as a field is typed failed or has not answered yet: the data may not be sent. */
  blocked: boolean;
}

const UNTRACKED: Omit<FieldView, 'path'> = { state: undefined, visible: true, errors: [], invalid: false, notes: [] };

/** Text typed into a box that rjsf has not been handed yet (`FormSession.type`). */
interface TypedText {
  value: unknown;
  /** Hands the text to rjsf: the widget's rjsf onChange with it. */
  handOver: () => void;
  /** Writes another value into the box: a rule rewrote the text while it was being typed. */
  show: (value: unknown) => void;
}

/** Runs `task` when the browser is next idle, and within this long in any case. */
const HAND_OVER_WITHIN_MS = 200;

function whenIdle(task: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(task, { timeout: HAND_OVER_WITHIN_MS });
  else setTimeout(task, 0);
}

/**
 * One filled-in form: the engine's FormRuntime plus what only the screen cares about (which fields
 * the user touched, whether a submit was attempted). Plain TypeScript with a subscribe/getSnapshot
 * pair, so that each field template subscribes to its own FieldView and re-renders only when that
 * view changes: a keystroke in one box repaints that box and the few fields its rules touch.
 */
export class FormSession {
  readonly definition: FormDefinition;
  private readonly runtime: FormRuntime;
  private readonly leafPaths: string[];
  /** rjsf ids without their prefix ('address_city') to paths ('address.city'), for blur events. */
  private readonly pathOfIdSuffix: Map<string, string>;
  private initialData: Record<string, unknown>;
  private touched = new Set<string>();
  private submitted = false;
  private snapshot: SessionSnapshot;
  private views = new Map<string, FieldView>();
  private sections = new Map<string, boolean>();
  private listeners = new Set<() => void>();
  /** The data as last handed to the form from outside rjsf (start, rule effects); see `pushedData`. */
  private pushed: Record<string, unknown>;
  /** Messages the server gave for fields (a submit it refused), shown until the field changes. */
  private serverErrors = new Map<string, string[]>();
  /** What the server's checks said of fields as they were typed (ui:options.check). */
  private remoteChecks = new Map<string, RemoteCheck>();
  /** Text typed but not yet handed to rjsf, by path (`type`). */
  private typing = new Map<string, TypedText>();
  private handOverPending = false;

  constructor(definition: FormDefinition, context: RuleContext, initialData: Record<string, unknown> = {}) {
    this.definition = definition;
    this.runtime = new FormRuntime(definition, context);
    this.leafPaths = fieldPathsOf(definition.schema);
    this.pathOfIdSuffix = new Map(this.leafPaths.map((path) => [path.split('.').join('_'), path]));
    const state = this.runtime.update(initialData);
    this.initialData = state.data;
    this.snapshot = { state, dirty: false, submitted: false, blocked: false };
    this.pushed = state.data;
    this.refreshViews();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): SessionSnapshot => this.snapshot;

  /**
   * Changes only when the data changed other than by the user typing into rjsf: at the start and when
   * a rule's set or clear effect rewrote it. The form re-renders on this, not on every keystroke: rjsf
   * holds what the user typed, or is handed it when the browser is idle (`type`), and handing it back on
   * each key would cost a full state derivation per key.
   */
  pushedData = (): Record<string, unknown> => this.pushed;

  fieldView(path: string): FieldView {
    let view = this.views.get(path);
    if (!view) {
      view = { path, ...UNTRACKED };
      this.views.set(path, view);
    }
    return view;
  }

  /** A field's value as the session started with it (the record loaded). */
  initialValue(path: string): unknown {
    return getPath(this.initialData, path);
  }

  sectionVisible(id: string): boolean {
    return this.sections.get(id) ?? true;
  }

  /**
   * New data from the form: rules run, changed fields count as touched. Returns the data after rules. Text typed
   * but not yet handed to rjsf stays in: rjsf reports its own data, which may not hold it yet.
   */
  update(reported: Record<string, unknown>): Record<string, unknown> {
    const input = this.withTyping(reported);
    const previous = this.snapshot.state.data;
    // rjsf handing back what the session already holds (typed text it was just handed): nothing to run.
    if (input === previous || deepEqual(input, previous)) return previous;
    for (const path of this.leafPaths) {
      if (!deepEqual(getPath(previous, path), getPath(input, path))) {
        this.touched.add(path);
        this.serverErrors.delete(path);
      }
    }
    const state = this.runtime.update(input);
    if (state.data !== input) this.pushed = state.data;
    this.dropRewrittenTyping(state.data);
    this.commit(state);
    return state.data;
  }

  /**
   * A keystroke in a text box (typed-text.tsx). The rules, checks and messages run on it at once; rjsf, which
   * derives the whole form's state again on every change it is handed (npm run bench:forms), gets the text when
   * the browser is next idle, or earlier at a blur or a submit (`handOverTyped`). Until then the box shows what
   * was typed, and the session's data holds it.
   */
  type(path: string, value: unknown, handOver: () => void, show: (value: unknown) => void): void {
    this.typing.set(path, { value, handOver, show });
    this.update(this.snapshot.state.data);
    if (this.handOverPending || this.typing.size === 0) return;
    this.handOverPending = true;
    whenIdle(() => {
      this.handOverPending = false;
      this.handOverTyped();
    });
  }

  /** Whether text typed into the field at `path` has not been handed to rjsf yet: its box is ahead of rjsf. */
  isTyping(path: string): boolean {
    return this.typing.has(path);
  }

  /** Hands rjsf every text typed since it was last handed one (a blur, a submit, the browser idle). */
  handOverTyped(): void {
    if (this.typing.size === 0) return;
    const typed = [...this.typing.values()];
    this.typing.clear();
    for (const { handOver } of typed) handOver();
  }

  private withTyping(data: Record<string, unknown>): Record<string, unknown> {
    let result = data;
    for (const [path, { value }] of this.typing) {
      if (!Object.is(getPath(result, path), value)) result = setPath(result, path, value);
    }
    return result;
  }

  /** A rule that rewrote a field while it was typed wins: the box shows the rule's value, and rjsf gets it pushed. */
  private dropRewrittenTyping(data: Record<string, unknown>): void {
    for (const [path, { value, show }] of this.typing) {
      const current = getPath(data, path);
      if (Object.is(current, value)) continue;
      this.typing.delete(path);
      show(current);
    }
  }

  /**
   * Values set from outside rjsf (a lookup filling in the fields its choice implies): the rules run as for a
   * change, and the data is handed back to the form, so rjsf shows the filled fields too.
   */
  assign(values: Record<string, unknown>): void {
    const data = this.update({ ...this.snapshot.state.data, ...values });
    if (data === this.pushed) return;
    this.pushed = data;
    this.listeners.forEach((listener) => listener());
  }

  /** A blur: rjsf reports the widget id ('root_address_city'); the prefix is whatever the form used. */
  touchId(id: string): void {
    const path = this.pathOfIdSuffix.get(id.slice(id.indexOf('_') + 1));
    if (!path || this.touched.has(path)) return;
    this.touched.add(path);
    this.refreshAndEmit();
  }

  /** A submit attempt: every error shows. Returns whether the data may be sent. */
  attemptSubmit(): boolean {
    if (!this.submitted) {
      this.submitted = true;
      this.snapshot = { ...this.snapshot, submitted: true };
      this.refreshAndEmit();
    }
    return this.snapshot.state.valid && !this.snapshot.blocked;
  }

  /** A field's check as typed (ui:options.check): checking, valid or invalid; undefined forgets it (nothing typed). */
  setRemoteCheck(path: string, check: RemoteCheck | undefined): void {
    const current = this.remoteChecks.get(path);
    if (deepEqual(current, check)) return;
    if (check) this.remoteChecks.set(path, check);
    else this.remoteChecks.delete(path);
    this.snapshot = { ...this.snapshot, blocked: this.remoteBlocked() };
    this.refreshAndEmit();
  }

  private remoteBlocked(): boolean {
    return [...this.remoteChecks.entries()].some(([path, check]) => check.status !== 'valid' && this.snapshot.state.fields[path]?.visible !== false);
  }

  /**
   * Field messages from the server for the data just sent (it checks with the definition as published, which
   * may be newer than this page's). Unknown paths are ignored; each message goes when its field changes.
   */
  setServerErrors(errors: ReadonlyArray<{ field: string; message: string }>): void {
    this.serverErrors.clear();
    for (const { field, message } of errors) {
      if (!this.leafPaths.includes(field)) continue;
      this.serverErrors.set(field, [...(this.serverErrors.get(field) ?? []), message]);
    }
    this.refreshAndEmit();
  }

  /** The first field the server refused, in the order the layout shows them. */
  firstServerErrorPath(): string | undefined {
    const ordered = [...(this.definition.layout?.sections.flatMap((section) => section.fields) ?? []), ...this.leafPaths];
    return ordered.find((path) => this.serverErrors.has(path));
  }

  setContext(context: RuleContext): void {
    this.runtime.setContext(context);
    const state = this.runtime.update(this.snapshot.state.data);
    if (state.data !== this.snapshot.state.data) this.pushed = state.data;
    this.commit(state);
  }

  /** The data to send: without the fields the rules hide. */
  payload(): Record<string, unknown> {
    return this.runtime.payload(this.snapshot.state);
  }

  /** The first field with an error, in the order the layout shows them (then schema order). */
  firstInvalidPath(): string | undefined {
    const errors = this.snapshot.state.errors;
    const ordered = [...(this.definition.layout?.sections.flatMap((section) => section.fields) ?? []), ...this.leafPaths];
    const failing = (path: string) => Boolean(errors[path]?.length) || this.remoteChecks.get(path)?.status === 'invalid';
    for (const entry of ordered) {
      const hit = this.leafPaths.find((path) => (path === entry || path.startsWith(`${entry}.`)) && failing(path));
      if (hit) return hit;
    }
    return Object.keys(errors)[0] ?? [...this.remoteChecks.keys()].find(failing);
  }

  private commit(state: FormState): void {
    this.snapshot = { state, dirty: !deepEqual(state.data, this.initialData), submitted: this.submitted, blocked: false };
    this.snapshot.blocked = this.remoteBlocked();
    this.refreshAndEmit();
  }

  private refreshAndEmit(): void {
    this.refreshViews();
    this.listeners.forEach((listener) => listener());
  }

  /** Rebuilds field views, keeping the old object when nothing changed so subscribers skip rendering. */
  private refreshViews(): void {
    const { fields, errors, sections } = this.snapshot.state;
    for (const [path, state] of Object.entries(fields)) {
      const own = (errors[path] ?? []).map((error) => error.message);
      const remote = this.remoteChecks.get(path);
      const remoteError = remote?.status === 'invalid' && remote.message ? [remote.message] : [];
      const messages = own.length > 0 ? own : (this.serverErrors.get(path) ?? remoteError);
      // A check's answer about what was just typed shows at once, like the server's.
      const shown = this.submitted || this.touched.has(path) || this.serverErrors.has(path) || remoteError.length > 0 ? messages : [];
      const notes = remote?.status === 'valid' && remote.message && own.length === 0 ? [...state.notes, { text: remote.message, level: 'info' as const }] : state.notes;
      const next: FieldView = { path, state, visible: state.visible, errors: shown, invalid: messages.length > 0, notes };
      const current = this.views.get(path);
      if (!current || !sameView(current, next)) this.views.set(path, next);
    }
    for (const section of sections) this.sections.set(section.id, section.visible);
  }
}

/**
 * Whether a field's view is unchanged, cheaply: the engine keeps a field's state object while no rule result
 * changed, so on most keystrokes the state compares by identity and only the short message lists are compared.
 */
function sameView(current: FieldView, next: FieldView): boolean {
  if (current.visible !== next.visible || current.invalid !== next.invalid || !sameStrings(current.errors, next.errors)) return false;
  if (current.state !== next.state && !deepEqual(current.state, next.state)) return false;
  return current.notes === next.notes || deepEqual(current.notes, next.notes);
}

function sameStrings(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((text, index) => text === b[index]);
}
