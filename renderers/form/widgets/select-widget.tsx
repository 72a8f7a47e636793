import { useMemo } from 'react';
import { Select } from 'chakra-react-select';
import type { WidgetProps } from '@rjsf/utils';
import { choicesOf, type Choice } from './enum-options.ts';
import { useWidgetFlags } from './widget-flags.ts';
import { MultiSelectWidget } from './multi-select-widget.tsx';
import { noOptionsMessage, SELECT_PLACEHOLDER } from './select-texts.ts';
import { selectStylesFor } from './select-styles.ts';
import { useOptionsFrom, type OptionsFrom } from './options-from.ts';


/** A single choice with type-ahead: typing filters the options (long lists such as states and codes). */
export function SelectWidget(props: WidgetProps) {
  if (props.multiple) return <MultiSelectWidget {...props} />;
  return <SingleSelect {...props} />;
}

function SingleSelect(props: WidgetProps) {
  const { id, value, onChange, onBlur, onFocus, autofocus, placeholder } = props;
  const flags = useWidgetFlags(props);
  const listed = useMemo(() => choicesOf(props), [props.options.enumOptions]); // eslint-disable-line react-hooks/exhaustive-deps
  // `ui:options.optionsFrom`: the options are an operation's rows rather than the schema's oneOf.
  const fromServer = useOptionsFrom(props);
  const choices = fromServer?.choices ?? listed;
  const selected = choices.find((choice) => choice.value === value) ?? null;
  return (
    <Select<Choice, false>
      inputId={id}
      name={id}
      size="sm"
      options={choices}
      value={selected}
      getOptionValue={(choice) => choice.key}
      getOptionLabel={(choice) => choice.label}
      placeholder={placeholder ?? SELECT_PLACEHOLDER}
      noOptionsMessage={fromServer?.status === 'error' ? () => (props.options.optionsFrom as OptionsFrom).failureText ?? 'The choices could not be loaded' : noOptionsMessage}
      isLoading={fromServer?.status === 'loading'}
      isClearable={!flags.required}
      autoFocus={autofocus}
      isDisabled={flags.disabled}
      readOnly={flags.readOnly}
      chakraStyles={selectStylesFor(flags)}
      invalid={flags.invalid}
      aria-invalid={flags.invalid || undefined}
      aria-describedby={flags.describedBy}
      onChange={(choice) => onChange(choice ? choice.value : props.options.emptyValue)}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
    />
  );
}
