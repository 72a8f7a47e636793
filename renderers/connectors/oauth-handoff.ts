/**
 * What the browser remembers across the provider's sign-in: which connector a state was asked for (the
 * provider sends back only the code and the state). Kept in this tab's session storage, by state, and read once.
 */
const PREFIX = 'connector-oauth:';

export interface Handoff {
  connectorType: string;
  cbid: string;
  /** The page to come back to (with its ?cbid=). */
  returnTo: string;
}

export function rememberHandoff(state: string, handoff: Handoff): void {
  sessionStorage.setItem(`${PREFIX}${state}`, JSON.stringify(handoff));
}

const keyOf = (returnedState: string) => `${PREFIX}${returnedState.slice(0, Math.max(0, returnedState.lastIndexOf(':')))}`;

/** The handoff of a state sent back as '<state>:<cbid>'. */
export function readHandoff(returnedState: string): Handoff | null {
  const stored = sessionStorage.getItem(keyOf(returnedState));
  if (!stored) return null;
  try {
    return JSON.parse(stored) as Handoff;
  } catch {
    return null;
  }
}

/** A state is completed once: its handoff goes as the completion starts. */
export function forgetHandoff(returnedState: string): void {
  sessionStorage.removeItem(keyOf(returnedState));
}
