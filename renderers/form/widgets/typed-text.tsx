import { memo, useCallback, useLayoutEffect, useRef, type ChangeEvent, type ComponentProps, type FocusEvent } from 'react';
import { Input, Textarea } from '@chakra-ui/react';
import type { WidgetProps } from '@rjsf/utils';

type TextElement = HTMLInputElement | HTMLTextAreaElement;

/**
 * What a text box needs to leave its text to the browser: the text is written into the element only when the
 * value differs from it (a rule's set effect, a reset, a transform such as upper case), and the handlers stay
 * the same across renders while calling rjsf's latest. With the Stable controls below, the Chakra element then
 * renders again only when its flags change, not on every keystroke: a styled component resolves its recipe and
 * styles each time it renders (npm run bench:forms).
 */
export function useTypedText<E extends TextElement>(props: WidgetProps, transform?: (text: string) => string) {
  const ref = useRef<E>(null);
  const latest = useRef({ props, transform });
  useLayoutEffect(() => {
    latest.current = { props, transform };
  });
  const { value } = props;
  const text = value === undefined || value === null ? '' : String(value);
  useLayoutEffect(() => {
    if (ref.current && ref.current.value !== text) ref.current.value = text;
  }, [text]);
  const onChange = useCallback((event: ChangeEvent<E>) => {
    const { props: current, transform: change } = latest.current;
    const typed = change ? change(event.target.value) : event.target.value;
    // A transform may give back the value as it was (a character it drops): the element shows it at once.
    if (typed !== event.target.value) event.target.value = typed;
    current.onChange(typed === '' ? current.options.emptyValue : typed);
  }, []);
  const onBlur = useCallback((event: FocusEvent<E>) => latest.current.props.onBlur(latest.current.props.id, event.target.value), []);
  const onFocus = useCallback((event: FocusEvent<E>) => latest.current.props.onFocus(latest.current.props.id, event.target.value), []);
  return { ref, text, handlers: { defaultValue: text, onChange, onBlur, onFocus } };
}

/** Equal props but for defaultValue, which changes with every keystroke and only starts the element. */
function sameButDefaultValue(before: Record<string, unknown>, after: Record<string, unknown>): boolean {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  keys.delete('defaultValue');
  return [...keys].every((key) => Object.is(before[key], after[key]));
}

export const StableInput = memo((props: ComponentProps<typeof Input>) => <Input {...props} />, sameButDefaultValue);
export const StableTextarea = memo((props: ComponentProps<typeof Textarea>) => <Textarea {...props} />, sameButDefaultValue);
