import { Input, InputGroup } from '@chakra-ui/react';
import type { WidgetProps } from '@rjsf/utils';
import { groupMoneyInput, parseMoney } from '../../../engine/index.ts';
import { formContextOf, inputAria, useWidgetFlags } from './widget-flags.ts';
import { useDraftText } from './use-draft-text.ts';

/**
 * Amounts with the edition's currency symbol in front ($ or £), grouped while typing ('1,234.5') and
 * shown with two decimals once the user leaves the field ('1,234.50'). The stored value is a number; a decimal
 * text from the server ('4790.40') reads as one.
 */
export function MoneyWidget(props: WidgetProps) {
  const { id, onChange, onBlur, onFocus, autofocus, placeholder, options } = props;
  // Amounts the server answers as exact decimal texts ('4790.40') are shown like typed ones.
  const value = typeof props.value === 'string' && props.value.trim() !== '' && Number.isFinite(Number(props.value)) ? Number(props.value) : props.value;
  const { edition } = formContextOf(props);
  const flags = useWidgetFlags(props);
  const settled = (amount: number) => groupMoneyInput(amount.toFixed(edition.currency.fractionDigits), edition);
  const [draft, setDraft] = useDraftText(value, settled, parseMoney);
  return (
    <InputGroup startElement={edition.currency.symbol} startElementProps={{ color: 'fg.muted', fontSize: 'sm' }}>
      <Input
        id={id}
        name={id}
        size="sm"
        inputMode="decimal"
        value={draft}
        placeholder={placeholder}
        autoFocus={autofocus}
        disabled={flags.disabled}
        readOnly={flags.readOnly}
        {...inputAria(flags)}
        onChange={(event) => {
          const text = groupMoneyInput(event.target.value, edition);
          setDraft(text);
          const amount = parseMoney(text);
          onChange(amount === undefined ? options.emptyValue : amount);
        }}
        onBlur={() => {
          if (typeof value === 'number') setDraft(settled(value));
          onBlur(id, value);
        }}
        onFocus={() => onFocus(id, value)}
      />
    </InputGroup>
  );
}
