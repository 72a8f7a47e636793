import { Input } from '@chakra-ui/react';
import type { WidgetProps } from '@rjsf/utils';
import { resolveDateToken } from '../../../engine/index.ts';
import { calendarDateOf } from './calendar-date.ts';
import { formContextOf, inputAria, useWidgetFlags } from './widget-flags.ts';

/**
 * A calendar date (YYYY-MM-DD); bounds are tokens such as `today+7`, read against the form's today. A moment
 * (an ISO date-time such as a record's `created`) shows as the day it fell on where the user is.
 */
export function DateWidget(props: WidgetProps) {
  const { id, value, onChange, onBlur, onFocus, autofocus, options } = props;
  const { today } = formContextOf(props);
  const flags = useWidgetFlags(props);
  return (
    <Input
      id={id}
      name={id}
      type="date"
      size="sm"
      value={calendarDateOf(value)}
      min={resolveDateToken(options.minDate as string | undefined, today)}
      max={resolveDateToken(options.maxDate as string | undefined, today)}
      autoFocus={autofocus}
      disabled={flags.disabled}
      readOnly={flags.readOnly}
      {...inputAria(flags)}
      onChange={(event) => onChange(event.target.value === '' ? options.emptyValue : event.target.value)}
      onBlur={(event) => onBlur(id, event.target.value)}
      onFocus={(event) => onFocus(id, event.target.value)}
    />
  );
}
