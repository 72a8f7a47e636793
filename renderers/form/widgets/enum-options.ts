import type { WidgetProps } from '@rjsf/utils';

export interface Choice {
  /** The option's position, as a string: Ark and react-select want string keys, values may be booleans. */
  key: string;
  value: unknown;
  label: string;
}

/** rjsf's enumOptions (from `oneOf` const/title or `enum`) as keyed choices. */
export function choicesOf(props: WidgetProps): Choice[] {
  return (props.options.enumOptions ?? []).map((option, index) => ({ key: String(index), value: option.value, label: option.label }));
}

export function keyOfValue(choices: Choice[], value: unknown): string | null {
  return choices.find((choice) => choice.value === value)?.key ?? null;
}
