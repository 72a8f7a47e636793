import { Box, Checkbox } from '@chakra-ui/react';
import type { WidgetProps } from '@rjsf/utils';
import { useFieldView } from '../use-field-view.ts';
import { useWidgetFlags } from './widget-flags.ts';

/** One boolean with its label beside the box (the field template draws no label above it). */
export function CheckboxWidget(props: WidgetProps) {
  const { id, value, onChange, onBlur, onFocus, label } = props;
  const flags = useWidgetFlags(props);
  const text = useFieldView()?.state?.label ?? label;
  return (
    <Checkbox.Root
      ids={{ hiddenInput: id }}
      size="sm"
      checked={value === true}
      disabled={flags.disabled}
      readOnly={flags.readOnly}
      invalid={flags.invalid}
      onCheckedChange={(details) => onChange(details.checked === true)}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
    >
      <Checkbox.HiddenInput aria-describedby={flags.describedBy} aria-required={flags.required || undefined} />
      <Checkbox.Control />
      <Checkbox.Label>
        {text}
        {flags.required && (
          <Box as="span" color="required" ms="1" aria-hidden="true">
            *
          </Box>
        )}
      </Checkbox.Label>
    </Checkbox.Root>
  );
}
