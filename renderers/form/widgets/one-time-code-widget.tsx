import type { WidgetProps } from '@rjsf/utils';
import { PlainInput } from './text-widget.tsx';

const digitsOnly = (text: string) => text.replace(/\D/g, '');

/** A one-time code (multi-factor or access code): digits only, numeric keypad, filled from an SMS by the browser. */
export function OneTimeCodeWidget(props: WidgetProps) {
  return <PlainInput {...props} type="text" autoComplete="one-time-code" transform={digitsOnly} inputMode="numeric" />;
}
