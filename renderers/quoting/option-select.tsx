import { memo } from 'react';
import { Field, NativeSelect } from '@chakra-ui/react';

export interface Option {
  value: number;
  label: string;
}

interface OptionSelectProps {
  id: string;
  label: string;
  value: number | undefined;
  options: readonly Option[];
  onChange: (value: number) => void;
  disabled?: boolean;
  /** In a table row the column header names the field: the label is for screen readers only. */
  hideLabel?: boolean;
  error?: string;
}

/** A native select of numeric options with its label: keyboard-operable as the browser makes it. */
export const OptionSelect = memo(function OptionSelect({ id, label, value, options, onChange, disabled, hideLabel, error }: OptionSelectProps) {
  return (
    <Field.Root invalid={Boolean(error)} disabled={disabled}>
      <Field.Label htmlFor={id} srOnly={hideLabel} fontSize="sm">
        {label}
      </Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field id={id} value={value === undefined ? '' : String(value)} onChange={(event) => onChange(Number(event.target.value))} bg="bg">
          {value === undefined && <option value="">—</option>}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      {error && <Field.ErrorText>{error}</Field.ErrorText>}
    </Field.Root>
  );
});
