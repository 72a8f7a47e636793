import { Box, Text, Textarea } from '@chakra-ui/react';
import type { WidgetProps } from '@rjsf/utils';
import { inputAria, useWidgetFlags } from './widget-flags.ts';

/** Multi-line text; with a maxLength it counts characters ('12/500') so users see the limit coming. */
export function TextareaWidget(props: WidgetProps) {
  const { id, value, onChange, onBlur, onFocus, autofocus, placeholder, options, schema } = props;
  const flags = useWidgetFlags(props);
  const maxLength = typeof schema.maxLength === 'number' ? schema.maxLength : undefined;
  const text = typeof value === 'string' ? value : '';
  return (
    <Box>
      <Textarea
        id={id}
        name={id}
        size="sm"
        rows={typeof options.rows === 'number' ? options.rows : 4}
        value={text}
        placeholder={placeholder}
        autoFocus={autofocus}
        maxLength={maxLength}
        disabled={flags.disabled}
        readOnly={flags.readOnly}
        {...inputAria(flags)}
        onChange={(event) => onChange(event.target.value === '' ? options.emptyValue : event.target.value)}
        onBlur={(event) => onBlur(id, event.target.value)}
        onFocus={(event) => onFocus(id, event.target.value)}
      />
      {maxLength !== undefined && (
        <Text fontSize="xs" color="fg.muted" textAlign="end" data-testid={`${id}__count`}>
          {`${text.length}/${maxLength}`}
        </Text>
      )}
    </Box>
  );
}
