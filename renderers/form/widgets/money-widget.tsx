import { Input, InputGroup } from '@chakra-ui/react';
import type { WidgetProps } from '@rjsf/utils';
import { groupMoneyInput, parseMoney } from '../../../engine/index.ts';
import { formContextOf, inputAria, useWidgetFlags } from './widget-flags.ts';
import { useDraftText } from './use-draft-text.ts';

/** A record's own currency ('GBP' on a UK policy shown on the US host), when its data names one at the top. */
function recordCurrencyOf(props: WidgetProps): string | undefined {
  const currency = (formContextOf(props).session.getSnapshot().state.data as { currency?: unknown } | undefined)?.currency;
  return typeof currency === 'string' && /^[A-Z]{3}$/.test(currency) ? currency : undefined;
}

/** The symbol a currency is written with in a locale ('£' for GBP in en-US, 'US$' for USD in en-GB). */
function currencySymbol(locale: string, code: string): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency: code }).formatToParts(0).find((part) => part.type === 'currency')?.value ?? code;
}

/**
 * Amounts with the edition's currency symbol in front ($ or £; a record that names its own currency, that one's), grouped while typing ('1,234.5') and
 * shown with two decimals once the user leaves the field ('1,234.50'). The stored value is a number; a decimal
 * text from the server ('4790.40') reads as one.
 */
export function MoneyWidget(props: WidgetProps) {
  const { id, onChange, onBlur, onFocus, autofocus, placeholder, options } = props;
  // Amounts the server answers as exact decimal texts ('4790.40') are shown like typed ones.
  const value = typeof props.value === 'string' && props.value.trim() !== '' && Number.isFinite(Number(props.value)) ? Number(props.value) : props.value;
  const { edition } = formContextOf(props);
  const recordCurrency = recordCurrencyOf(props);
  const symbol = recordCurrency && recordCurrency !== edition.currency.code ? currencySymbol(edition.locale, recordCurrency) : edition.currency.symbol;
  const flags = useWidgetFlags(props);
  const settled = (amount: number) => groupMoneyInput(amount.toFixed(edition.currency.fractionDigits), edition);
  const [draft, setDraft] = useDraftText(value, settled, parseMoney);
  return (
    <InputGroup startElement={symbol} startElementProps={{ color: 'fg.muted', fontSize: 'sm' }}>
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
