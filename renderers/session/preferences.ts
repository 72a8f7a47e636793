import { runNamed } from '../../api/run.ts';
import { run } from './run.ts';
import { preferencesQuery, sessionStore, type MyPreferences } from './store.ts';

/**
 * Keeps the signed-in user's theme on the server (spec 002 section 4 'the theme saved per user'), so it follows
 * them to another browser. A failure leaves the theme as chosen here; this browser remembers it anyway.
 */
export async function saveMyTheme(theme: 'light' | 'dark'): Promise<void> {
  try {
    const answer = (await runNamed(run, 'saveMyTheme', { body: { theme } })) as MyPreferences;
    preferencesQuery.put(sessionStore, answer);
  } catch {
    // Offline or a link's session that keeps no preferences: nothing to undo.
  }
}
