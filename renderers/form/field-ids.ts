/** Ids of the parts around a widget, derived from rjsf's widget id so labels and messages connect. */
export const labelIdOf = (id: string) => `${id}__label`;
export const messagesIdOf = (id: string) => `${id}__messages`;

/** rjsf's id for a field path with a given prefix: 'root' + 'address.city' -> 'root_address_city'. */
export function widgetIdOf(idPrefix: string, path: string): string {
  return [idPrefix, ...path.split('.')].join('_');
}

/** Focuses the field's input, or the first focusable control inside its widget (radio groups). */
export function focusField(idPrefix: string, path: string): void {
  const element = document.getElementById(widgetIdOf(idPrefix, path));
  if (!element) return;
  const focusable = element.matches('input, select, textarea, button, [tabindex]')
    ? element
    : element.querySelector<HTMLElement>('input:not([type=hidden]), select, textarea, button, [tabindex]');
  (focusable ?? element).focus();
  element.scrollIntoView({ block: 'center' });
}
