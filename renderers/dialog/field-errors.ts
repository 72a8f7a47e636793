/**
 * Field messages a rejected submit carries: an error with `fieldErrors` ([{ field, message }]), as a page's
 * onSubmit throws for a server answer that names fields. Anything else has none.
 */
export function fieldErrorsOf(error: unknown): Array<{ field: string; message: string }> {
  const list = (error as { fieldErrors?: unknown } | null)?.fieldErrors;
  if (!Array.isArray(list)) return [];
  return list.filter(
    (item): item is { field: string; message: string } =>
      typeof item?.field === 'string' && typeof item?.message === 'string',
  );
}
