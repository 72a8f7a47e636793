/**
 * A LIKE pattern that finds `text` anywhere, the user's text taken literally: '50%' means the characters
 * '50%', not '50 followed by anything'. Backslash is the escape character (write `ESCAPE '\'`). Lower-cased,
 * for a case-insensitive match against lower(column).
 */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}
