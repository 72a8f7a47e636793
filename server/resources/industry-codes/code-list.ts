/** One line of an industry-code list file: the code as written (leading zeros kept) and its title. */
export interface CodeListRow {
  code: string;
  title: string;
}

/**
 * Reads a list file (`code,title` CSV, a title quoted when it holds a comma or a quote). Every code must be 2 to 6
 * digits and appear once; a line that breaks this stops the read with its line number.
 */
export function readCodeList(text: string): CodeListRow[] {
  const lines = text.split(/\r?\n/).filter((line) => line.length > 0);
  if (lines[0] !== 'code,title') throw new Error(`An industry-code list starts with 'code,title', not '${lines[0]}'`);
  const seen = new Set<string>();
  return lines.slice(1).map((line, index) => {
    const comma = line.indexOf(',');
    const code = line.slice(0, comma);
    let title = line.slice(comma + 1);
    if (title.startsWith('"')) title = title.slice(1, -1).replace(/""/g, '"');
    if (comma < 0 || !/^\d{2,6}$/.test(code) || !title) throw new Error(`Line ${index + 2} of an industry-code list is not 'code,title': ${line}`);
    if (seen.has(code)) throw new Error(`Line ${index + 2} of an industry-code list repeats code ${code}`);
    seen.add(code);
    return { code, title };
  });
}
