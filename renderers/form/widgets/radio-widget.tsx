import { useMemo } from 'react';
import { HStack, RadioGroup } from '@chakra-ui/react';
import type { WidgetProps } from '@rjsf/utils';
import { labelIdOf } from '../field-ids.ts';
import { choicesOf, keyOfValue } from './enum-options.ts';
import { useWidgetFlags } from './widget-flags.ts';

/** Short choices (yes/no) side by side; arrow keys move between them, as in any radio group. */
export function RadioWidget(props: WidgetProps) {
  const { id, value, onChange, onBlur, onFocus, options } = props;
  const flags = useWidgetFlags(props);
  const choices = useMemo(() => choicesOf(props), [options.enumOptions]); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <RadioGroup.Root
      id={id}
      ids={{ label: labelIdOf(id) }}
      size="sm"
      value={keyOfValue(choices, value)}
      disabled={flags.disabled}
      readOnly={flags.readOnly}
      invalid={flags.invalid}
      aria-required={flags.required || undefined}
      aria-describedby={flags.describedBy}
      onValueChange={(details) => onChange(choices.find((choice) => choice.key === details.value)?.value)}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
    >
      <HStack gap="5" wrap="wrap" minH="8">
        {choices.map((choice) => (
          <RadioGroup.Item key={choice.key} value={choice.key}>
            <RadioGroup.ItemHiddenInput />
            <RadioGroup.ItemIndicator />
            <RadioGroup.ItemText>{choice.label}</RadioGroup.ItemText>
          </RadioGroup.Item>
        ))}
      </HStack>
    </RadioGroup.Root>
  );
}
