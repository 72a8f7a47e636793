/** A fault in a stored document: the file (or database key) and the JSON pointer of what is wrong. */
export interface DefinitionFault {
  file: string;
  pointer: string;
  message: string;
}

export function describeFault(fault: DefinitionFault): string {
  return `${fault.file}#${fault.pointer || '/'}: ${fault.message}`;
}

/** Thrown when documents do not load; the message lists every fault, one a line. */
export class DefinitionError extends Error {
  readonly faults: DefinitionFault[];

  constructor(faults: DefinitionFault[]) {
    super(`Invalid definitions:\n${faults.map(describeFault).join('\n')}`);
    this.name = 'DefinitionError';
    this.faults = faults;
  }
}
