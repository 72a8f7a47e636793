/**
 * The positional parameters of one SQL statement. Query builders add values here and write the placeholder
 * it answers into the SQL, so no value from a request is ever spliced into the text. A cast names the SQL
 * type the value is read as (`$3::uuid`); casts are written by code, never taken from a request.
 */
export class SqlParams {
  readonly values: unknown[] = [];

  add(value: unknown, cast?: string): string {
    this.values.push(value);
    const placeholder = `$${this.values.length}`;
    return cast ? `${placeholder}::${cast}` : placeholder;
  }
}
