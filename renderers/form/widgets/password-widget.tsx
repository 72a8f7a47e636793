import type { WidgetProps } from '@rjsf/utils';
import { PlainInput } from './text-widget.tsx';

/** A masked input; `ui:options.autocomplete` tells password managers which password it is (current or new). */
export function PasswordWidget(props: WidgetProps) {
  const autoComplete = typeof props.options.autocomplete === 'string' ? props.options.autocomplete : 'current-password';
  return <PlainInput {...props} type="password" autoComplete={autoComplete} />;
}
