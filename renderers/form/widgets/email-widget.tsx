import type { WidgetProps } from '@rjsf/utils';
import { PlainInput } from './text-widget.tsx';

export function EmailWidget(props: WidgetProps) {
  return <PlainInput {...props} type="email" autoComplete="email" />;
}
