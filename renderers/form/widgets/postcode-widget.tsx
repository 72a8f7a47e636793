import type { WidgetProps } from '@rjsf/utils';
import { PlainInput } from './text-widget.tsx';

/** Zip Code or Postcode: the label and the pattern come from the edition's field type, not from here. */
export function PostcodeWidget(props: WidgetProps) {
  return <PlainInput {...props} autoComplete="postal-code" />;
}
