import { memo, useCallback, useLayoutEffect, useRef, type ChangeEvent, type ComponentProps, type FocusEvent } from 'react';
import { Input, Textarea } from '@chakra-ui/react';
import type { WidgetProps } from '@rjsf/utils';
import { useFieldView } from '../use-field-view.ts';
import { formContextOf } from './widget-flags.ts';

type TextElement = HTMLInputElement | HTMLTextAreaElement;

const asText = (value: unknown) => (value === undefined || value === null ? '' : String(value));

/**
 * What a text box needs to leave its text to the browser: the text is written into the element only when the
 * value differs from it (a rule's set effect, a reset, a transform such as upper case), and the handlers stay
 * the same across renders while calling rjsf's latest. With the Stable controls below, the Chakra element then
 * renders again only when its flags change, not on every keystroke: a styled component resolves its recipe and
 * styles each time it renders (npm run bench:forms).
 *
 * A keystroke in a field the engine tracks goes to the form's session, not to rjsf (FormSession.type): the rules
 * and messages follow at once, and rjsf is handed the text when the browser is idle, at a blur or at a submit.
 * Until then rjsf's value lags the box, so it is not written back over what is being typed.
 */
export function useTypedText<E extends TextElement>(props: WidgetProps, transform?: (text: string) => string) {
  const ref = useRef<E>(null);
  const { session } = formContextOf(props);
  const view = useFieldView();
  // Array items and other paths the engine does not track are handed to rjsf on each keystroke, as they come.
  const path = view?.state ? view.path : undefined;
  const latest = useRef({ props, transform, session, path });
  useLayoutEffect(() => {
    latest.current = { props, transform, session, path };
  });
  const text = asText(props.value);
  useLayoutEffect(() => {
    if (path !== undefined && session?.isTyping(path)) return;
    if (ref.current && ref.current.value !== text) ref.current.value = text;
  }, [text, path, session]);
  const onChange = useCallback((event: ChangeEvent<E>) => {
    const { props: current, transform: change, session: typedInto, path: typedPath } = latest.current;
    const typed = change ? change(event.target.value) : event.target.value;
    // A transform may give back the value as it was (a character it drops): the element shows it at once.
    if (typed !== event.target.value) event.target.value = typed;
    const value = typed === '' ? current.options.emptyValue : typed;
    if (!typedInto || typedPath === undefined) {
      current.onChange(value);
      return;
    }
    typedInto.type(
      typedPath,
      value,
      () => latest.current.props.onChange(value),
      (shown) => {
        if (ref.current) ref.current.value = asText(shown);
      },
    );
  }, []);
  const onBlur = useCallback((event: FocusEvent<E>) => {
    latest.current.session?.handOverTyped();
    latest.current.props.onBlur(latest.current.props.id, event.target.value);
  }, []);
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
