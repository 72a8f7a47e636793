import type { ChangeEvent } from 'react';
import { Input } from '@chakra-ui/react';
import type { WidgetProps } from '@rjsf/utils';
import { inputAria, useWidgetFlags } from './widget-flags.ts';
import { NumberWidget } from './number-widget.tsx';

/** The default for strings; numbers that name no widget are handed to the number widget. */
export function TextWidget(props: WidgetProps) {
  if (props.schema.type === 'number' || props.schema.type === 'integer') return <NumberWidget {...props} />;
  return <PlainInput {...props} />;
}

/** A single-line input; `type` lets email and postcode reuse it. */
export function PlainInput(
  props: WidgetProps & { type?: string; autoComplete?: string; transform?: (text: string) => string },
) {
  const { id, value, onChange, onBlur, onFocus, autofocus, placeholder, options, schema, type = 'text', autoComplete, inputMode, transform } = props;
  const flags = useWidgetFlags(props);
  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const text = transform ? transform(event.target.value) : event.target.value;
    onChange(text === '' ? options.emptyValue : text);
  };
  return (
    <Input
      id={id}
      name={id}
      type={type}
      size="sm"
      value={value ?? ''}
      placeholder={placeholder}
      autoFocus={autofocus}
      autoComplete={autoComplete}
      inputMode={inputMode}
      maxLength={typeof schema.maxLength === 'number' ? schema.maxLength : undefined}
      disabled={flags.disabled}
      readOnly={flags.readOnly}
      {...inputAria(flags)}
      onChange={handleChange}
      onBlur={(event) => onBlur(id, event.target.value)}
      onFocus={(event) => onFocus(id, event.target.value)}
    />
  );
}
