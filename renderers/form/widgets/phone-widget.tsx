import { Input } from '@chakra-ui/react';
import type { WidgetProps } from '@rjsf/utils';
import { formatPhoneInput, phoneDigits, recordEdition } from '../../../engine/index.ts';
import { formContextOf, inputAria, useWidgetFlags } from './widget-flags.ts';

/**
 * A phone number typed into the edition's mask ((555) 555-5555, or 01234 567890 in the UK); only the
 * digits are stored. Backspace over a mask character removes the digit before it, as users expect. A record of
 * another edition (its own `currency`: a UK policy read on the US host) is written in that edition's mask.
 */
export function PhoneWidget(props: WidgetProps) {
  const { id, value, onChange, onBlur, onFocus, autofocus, placeholder, options } = props;
  const context = formContextOf(props);
  const edition = recordEdition(context.session.getSnapshot().state.data, context.edition, context.editions);
  const flags = useWidgetFlags(props);
  const shown = typeof value === 'string' ? formatPhoneInput(value, edition) : '';
  return (
    <Input
      id={id}
      name={id}
      type="tel"
      size="sm"
      autoComplete="tel-national"
      value={shown}
      placeholder={placeholder ?? edition.phone.inputMask.replace(/x/g, '5')}
      autoFocus={autofocus}
      disabled={flags.disabled}
      readOnly={flags.readOnly}
      {...inputAria(flags)}
      onChange={(event) => {
        let digits = phoneDigits(formatPhoneInput(event.target.value, edition));
        // `shown` is what was on screen before this keystroke.
        const deleting = event.target.value.length < shown.length;
        if (deleting && digits === phoneDigits(shown)) digits = digits.slice(0, -1);
        onChange(digits === '' ? options.emptyValue : digits);
      }}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
    />
  );
}
