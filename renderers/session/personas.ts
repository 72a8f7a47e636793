/**
 * The personas (areas) of the account types live in the engine, shared with the server; the shell mounts one
 * area per entry.
 */
export { PERSONAS, personaOfAccountType, personaById, dashboardFor, type Persona, type PersonaId, type AccountType } from '../../engine/index.ts';

/** Fills `{{Term}}` placeholders from the edition's terms; an unknown term stays as written. */
export function withTerms(text: string, terms: Record<string, string>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => terms[name] ?? whole);
}
