import { Input } from '@chakra-ui/react';
import type { WidgetProps } from '@rjsf/utils';
import { inputAria, useWidgetFlags } from './widget-flags.ts';
import { useDraftText } from './use-draft-text.ts';

function parseNumber(text: string, integer: boolean): number | undefined {
  const cleaned = text.trim();
  if (cleaned === '' || cleaned === '-' || cleaned === '.') return undefined;
  const value = Number(cleaned);
  if (Number.isNaN(value)) return undefined;
  return integer ? Math.trunc(value) : value;
}

/** Numbers and integers: a text input with a numeric keyboard; what is not a number yet stays a draft. */
export function NumberWidget(props: WidgetProps) {
  const { id, value, onChange, onBlur, onFocus, autofocus, placeholder, options, schema } = props;
  const flags = useWidgetFlags(props);
  const integer = schema.type === 'integer';
  const [draft, setDraft] = useDraftText(value, String, (text) => parseNumber(text, integer));
  return (
    <Input
      id={id}
      name={id}
      size="sm"
      inputMode={integer ? 'numeric' : 'decimal'}
      value={draft}
      placeholder={placeholder}
      autoFocus={autofocus}
      disabled={flags.disabled}
      readOnly={flags.readOnly}
      {...inputAria(flags)}
      onChange={(event) => {
        const text = event.target.value.replace(integer ? /[^0-9-]/g : /[^0-9.-]/g, '');
        setDraft(text);
        const parsed = parseNumber(text, integer);
        onChange(parsed === undefined ? options.emptyValue : parsed);
      }}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
    />
  );
}
