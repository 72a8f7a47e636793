/**
 * The body of a request after its form definition checked it, kept beside the request (a WeakMap, so it
 * goes with the request) for the handler to read.
 */
const checkedBodies = new WeakMap<object, Record<string, unknown>>();
const shownFieldsOf = new WeakMap<object, readonly string[]>();

/**
 * What the check passes on of a body typed B: the fields the form kept (hidden and unknown ones dropped),
 * strings trimmed, and no nulls ('' and null count as left out).
 */
export type CheckedBody<B> = { [K in keyof B]?: Exclude<B[K], null> };

export function rememberCheckedBody(request: object, data: Record<string, unknown>, fields?: readonly string[]): void {
  checkedBodies.set(request, data);
  if (fields) shownFieldsOf.set(request, fields);
}

/**
 * The top-level fields the checking form showed for the request (its rules hide the others): a handler that
 * saves a whole record clears a shown field the body left out, and keeps a hidden one as stored.
 */
export function checkedFieldsOf(request: object): ReadonlySet<string> {
  const fields = shownFieldsOf.get(request);
  if (!fields) throw new Error('No form definition checked this request: its operation is not bound by a form definition');
  return new Set(fields);
}

/**
 * The checked body of a request whose operation a form definition binds. A handler that relies on the
 * check calls this: if no form binds the operation any more (a publish removed the binding), there is no
 * checked body and the request fails rather than store unchecked data.
 */
export function checkedBodyOf<B>(request: { readonly body: B }): CheckedBody<B> {
  const data = checkedBodies.get(request);
  if (!data) throw new Error('No form definition checked this request: its operation is not bound by a form definition');
  // Sound by construction: the contract's validation made the body a B, and the check only drops fields,
  // trims strings and leaves out nulls. This is the one place that type is asserted.
  return data as CheckedBody<B>;
}
