import { useMemo } from 'react';
import { Select } from 'chakra-react-select';
import type { WidgetProps } from '@rjsf/utils';
import { choicesOf, type Choice } from './enum-options.ts';
import { useWidgetFlags } from './widget-flags.ts';
import { noOptionsMessage, SELECT_PLACEHOLDER } from './select-texts.ts';
import { selectStylesFor } from './select-styles.ts';


/** Several choices with type-ahead; the stored array keeps the order the user picked them in. */
export function MultiSelectWidget(props: WidgetProps) {
  const { id, value, onChange, onBlur, onFocus, autofocus, placeholder } = props;
  const flags = useWidgetFlags(props);
  const choices = useMemo(() => choicesOf(props), [props.options.enumOptions]); // eslint-disable-line react-hooks/exhaustive-deps
  const values: unknown[] = Array.isArray(value) ? value : [];
  const selected = values.map((item) => choices.find((choice) => choice.value === item)).filter((choice): choice is Choice => Boolean(choice));
  return (
    <Select<Choice, true>
      isMulti
      inputId={id}
      name={id}
      size="sm"
      options={choices}
      value={selected}
      getOptionValue={(choice) => choice.key}
      getOptionLabel={(choice) => choice.label}
      placeholder={placeholder ?? SELECT_PLACEHOLDER}
      noOptionsMessage={noOptionsMessage}
      closeMenuOnSelect={false}
      autoFocus={autofocus}
      isDisabled={flags.disabled}
      readOnly={flags.readOnly}
      chakraStyles={selectStylesFor(flags)}
      invalid={flags.invalid}
      aria-invalid={flags.invalid || undefined}
      aria-describedby={flags.describedBy}
      onChange={(chosen) => onChange(chosen.map((choice) => choice.value))}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
    />
  );
}
