/** A uuid as PostgreSQL reads one. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The positional parameters of one SQL statement. Query builders add values here and write the placeholder
 * it answers into the SQL, so no value from a request is ever spliced into the text. A cast names the SQL
 * type the value is read as (`$3::uuid`); casts are written by code, never taken from a request.
 */
export class SqlParams {
  readonly values: unknown[] = [];

  add(value: unknown, cast?: string): string {
    // An id that is no uuid names no row: it is looked up as null (nothing matches) rather than failing the cast,
    // so a malformed id from a body answers like a missing one instead of a database error.
    this.values.push(cast === 'uuid' && typeof value === 'string' && !UUID.test(value) ? null : value);
    const placeholder = `$${this.values.length}`;
    return cast ? `${placeholder}::${cast}` : placeholder;
  }
}
