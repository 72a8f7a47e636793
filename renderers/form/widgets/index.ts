import type { RegistryWidgetsType, Widget } from '@rjsf/utils';
import { TextWidget } from './text-widget.tsx';
import { TextareaWidget } from './textarea-widget.tsx';
import { EmailWidget } from './email-widget.tsx';
import { NumberWidget } from './number-widget.tsx';
import { MoneyWidget } from './money-widget.tsx';
import { PhoneWidget } from './phone-widget.tsx';
import { PostcodeWidget } from './postcode-widget.tsx';
import { CheckboxWidget } from './checkbox-widget.tsx';
import { RadioWidget } from './radio-widget.tsx';
import { PasswordWidget } from './password-widget.tsx';
import { OneTimeCodeWidget } from './one-time-code-widget.tsx';
import { lazyWidget } from './lazy-widget.tsx';

/**
 * Widgets the sign-in page never draws load when a form first draws one (lazy-widget.tsx): react-select is most
 * of a select's weight, and the checkbox group's and the date's machinery need not be on /login either. The
 * radio stays eager: drawn lazily, a radio group re-rendered on keystrokes in other fields (npm run bench:forms).
 */
const SELECT = lazyWidget(() => import('./select-widget.tsx').then((module) => module.SelectWidget));
const MULTI_SELECT = lazyWidget(() => import('./multi-select-widget.tsx').then((module) => module.MultiSelectWidget));
const LOOKUP = lazyWidget(() => import('./lookup-widget.tsx').then((module) => module.LookupWidget));
const CHECKBOXES = lazyWidget(() => import('./checkboxes-widget.tsx').then((module) => module.CheckboxesWidget));
const DATE = lazyWidget(() => import('./date-widget.tsx').then((module) => module.DateWidget));
const SUGGEST = lazyWidget(() => import('./suggest-widget.tsx').then((module) => module.SuggestWidget));
const FILE = lazyWidget(() => import('./file-widget.tsx').then((module) => module.FileWidget));

/** Loads the lazy widgets' code ahead of the first form that needs it (the signed-in areas call it). */
export function preloadWidgets(): Promise<unknown> {
  return Promise.all([SELECT, MULTI_SELECT, LOOKUP, CHECKBOXES, DATE, SUGGEST, FILE].map((widget) => widget.preload()));
}

/** How the field template lays a widget out: its label ('for' a control, a 'group' legend, or the widget's 'self'). */
export type WidgetLabel = 'for' | 'group' | 'self';

export interface WidgetDescriptor {
  component: Widget;
  label: WidgetLabel;
  /** Takes the full width of a section's grid. */
  wide: boolean;
}

const field = (component: Widget, wide = false): WidgetDescriptor => ({ component, label: 'for', wide });

/**
 * Every widget once, by the name definitions use in `ui:widget` (definitions/README.md), with how it is laid
 * out. Adding a widget is one entry here.
 */
export const WIDGET_DESCRIPTORS: Readonly<Record<string, WidgetDescriptor>> = {
  text: field(TextWidget),
  textarea: field(TextareaWidget, true),
  email: field(EmailWidget),
  number: field(NumberWidget),
  money: field(MoneyWidget),
  phone: field(PhoneWidget),
  postcode: field(PostcodeWidget),
  radio: { component: RadioWidget, label: 'group', wide: false },
  select: field(SELECT.component),
  multiSelect: field(MULTI_SELECT.component, true),
  checkboxes: { component: CHECKBOXES.component, label: 'group', wide: true },
  checkbox: { component: CheckboxWidget, label: 'self', wide: false },
  date: field(DATE.component),
  password: field(PasswordWidget),
  oneTimeCode: field(OneTimeCodeWidget),
  lookup: field(LOOKUP.component),
  suggest: field(SUGGEST.component),
  file: field(FILE.component, true),
};

/** rjsf's own names for the same roles, so fields that name no widget (or rjsf's name) get ours too. */
const RJSF_NAMES: Readonly<Record<string, string>> = {
  TextWidget: 'text',
  TextareaWidget: 'textarea',
  EmailWidget: 'email',
  UpDownWidget: 'number',
  RadioWidget: 'radio',
  SelectWidget: 'select',
  CheckboxesWidget: 'checkboxes',
  CheckboxWidget: 'checkbox',
  DateWidget: 'date',
  PasswordWidget: 'password',
  FileWidget: 'file',
};

/** The descriptor of a widget name (ours or rjsf's), or undefined for a name no widget has. */
export function widgetDescriptor(name: string): WidgetDescriptor | undefined {
  return WIDGET_DESCRIPTORS[RJSF_NAMES[name] ?? name];
}

/**
 * The widgets as rjsf's registry wants them: a plain map a caller can spread its own over
 * ({ ...WIDGETS, mine }); rjsf's getWidget names a missing one in its error.
 */
export const WIDGETS: RegistryWidgetsType = Object.fromEntries([
  ...Object.entries(WIDGET_DESCRIPTORS).map(([name, descriptor]) => [name, descriptor.component]),
  ...Object.entries(RJSF_NAMES).map(([name, ours]) => [name, WIDGET_DESCRIPTORS[ours]!.component]),
]);
