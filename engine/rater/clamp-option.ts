/**
 * A value brought into a coverage's option range: below the smallest option it is the smallest, above the
 * largest the largest; in between, the value itself when offered, else the largest option under it (a
 * coverage never gets a retention or waiting period smaller than asked for, only a nearer one). One pass,
 * in whatever order the options are listed.
 */
export function clampToOptions(value: number, options: readonly number[] | undefined): number {
  if (!options?.length) return value;
  let smallest = options[0]!;
  let below: number | undefined;
  for (const option of options) {
    if (option < smallest) smallest = option;
    if (option <= value && (below === undefined || option > below)) below = option;
  }
  return below ?? smallest;
}
