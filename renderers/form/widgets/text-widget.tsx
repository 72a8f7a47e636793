import type { WidgetProps } from '@rjsf/utils';
import { inputAria, useWidgetFlags } from './widget-flags.ts';
import { NumberWidget } from './number-widget.tsx';
import { StableInput, useTypedText } from './typed-text.tsx';

/** The default for strings; numbers that name no widget are handed to the number widget. */
export function TextWidget(props: WidgetProps) {
  if (props.schema.type === 'number' || props.schema.type === 'integer') return <NumberWidget {...props} />;
  return <PlainInput {...props} />;
}

/** A single-line input; `type` lets email and postcode reuse it. Its text is the browser's (typed-text.tsx). */
export function PlainInput(props: WidgetProps & { type?: string; autoComplete?: string; transform?: (text: string) => string }) {
  const { id, autofocus, placeholder, schema, type = 'text', autoComplete, inputMode, transform } = props;
  const flags = useWidgetFlags(props);
  const { ref, handlers } = useTypedText<HTMLInputElement>(props, transform);
  return (
    <StableInput
      ref={ref}
      id={id}
      name={id}
      type={type}
      size="sm"
      placeholder={placeholder}
      autoFocus={autofocus}
      autoComplete={autoComplete}
      inputMode={inputMode}
      maxLength={typeof schema.maxLength === 'number' ? schema.maxLength : undefined}
      disabled={flags.disabled}
      readOnly={flags.readOnly}
      {...inputAria(flags)}
      {...handlers}
    />
  );
}
