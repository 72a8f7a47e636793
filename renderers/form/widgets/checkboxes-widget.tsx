import { useMemo } from 'react';
import { Checkbox, SimpleGrid } from '@chakra-ui/react';
import type { WidgetProps } from '@rjsf/utils';
import { labelIdOf } from '../field-ids.ts';
import { choicesOf } from './enum-options.ts';
import { useWidgetFlags } from './widget-flags.ts';

/** An array of choices as a list of checkboxes, in the list's order whatever order they were ticked. */
export function CheckboxesWidget(props: WidgetProps) {
  const { id, value, onChange, onBlur, onFocus, options } = props;
  const flags = useWidgetFlags(props);
  const choices = useMemo(() => choicesOf(props), [options.enumOptions]); // eslint-disable-line react-hooks/exhaustive-deps
  const selected: unknown[] = Array.isArray(value) ? value : [];
  const toggle = (choiceValue: unknown, checked: boolean) => {
    const next = choices.map((choice) => choice.value).filter((candidate) =>
      candidate === choiceValue ? checked : selected.includes(candidate),
    );
    onChange(next);
  };
  return (
    <SimpleGrid
      id={id}
      role="group"
      aria-labelledby={labelIdOf(id)}
      aria-describedby={flags.describedBy}
      columns={{ base: 1, md: choices.length > 6 ? 2 : 1 }}
      gap="2"
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
    >
      {choices.map((choice) => (
        <Checkbox.Root
          key={choice.key}
          size="sm"
          checked={selected.includes(choice.value)}
          disabled={flags.disabled}
          readOnly={flags.readOnly}
          invalid={flags.invalid}
          onCheckedChange={(details) => toggle(choice.value, details.checked === true)}
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>{choice.label}</Checkbox.Label>
        </Checkbox.Root>
      ))}
    </SimpleGrid>
  );
}
