import { isValidElement, type ReactNode } from 'react';

/**
 * Whether two children lists would render the same: same element types and keys with shallowly equal
 * props. rjsf re-creates its property elements on every change, although all but the edited one carry
 * the same props; comparing them lets a layout section skip re-rendering its chrome.
 */
export function sameElements(a: ReactNode, b: ReactNode): boolean {
  const left = Array.isArray(a) ? a : [a];
  const right = Array.isArray(b) ? b : [b];
  if (left.length !== right.length) return false;
  return left.every((element, index) => {
    const other = right[index];
    if (element === other) return true;
    if (!isValidElement(element) || !isValidElement(other)) return false;
    return element.type === other.type && element.key === other.key && shallowEqual(element.props as object, other.props as object);
  });
}

/**
 * rjsf's ObjectField hands each property a new `handleKeyRename` on every render. It only renames keys
 * of `additionalProperties`, which definitions do not use, so a new one changes nothing on screen.
 */
const IGNORED_PROPS = new Set(['handleKeyRename']);

function shallowEqual(a: object, b: object): boolean {
  const aKeys = Object.keys(a);
  if (aKeys.length !== Object.keys(b).length) return false;
  return aKeys.every(
    (key) => IGNORED_PROPS.has(key) || Object.is((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]),
  );
}
