/** A draft kept in this browser while it is edited: it survives a reload and a crash, not another browser. */
export interface StoredDraft {
  text: string;
  /** The version the draft was started from (a publish sends it as baseVersion). */
  baseVersion: number;
  savedAt: string;
}

const PREFIX = 'studio.draft.';

export function readDraft(key: string): StoredDraft | undefined {
  try {
    const raw = localStorage.getItem(PREFIX + key);
    if (!raw) return undefined;
    const draft = JSON.parse(raw) as Partial<StoredDraft>;
    return typeof draft.text === 'string' && typeof draft.baseVersion === 'number'
      ? { text: draft.text, baseVersion: draft.baseVersion, savedAt: String(draft.savedAt ?? '') }
      : undefined;
  } catch {
    return undefined; // storage disabled or a corrupt entry: there is no draft to restore
  }
}

export function writeDraft(key: string, draft: Omit<StoredDraft, 'savedAt'>): void {
  try {
    localStorage.setItem(PREFIX + key, JSON.stringify({ ...draft, savedAt: new Date().toISOString() }));
  } catch {
    // Full or disabled storage: the draft still lives in the page; leaving asks before losing it.
  }
}

export function clearDraft(key: string): void {
  try {
    localStorage.removeItem(PREFIX + key);
  } catch {
    // nothing stored
  }
}

/** Keys with a draft in this browser, for the list's "draft" marker. */
export function draftKeys(): Set<string> {
  const keys = new Set<string>();
  try {
    for (let index = 0; index < localStorage.length; index += 1) {
      const name = localStorage.key(index);
      if (name?.startsWith(PREFIX)) keys.add(name.slice(PREFIX.length));
    }
  } catch {
    // storage disabled
  }
  return keys;
}

/** The text the editor shows for a document: two-space JSON with a final newline. */
export function documentText(document: unknown): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}
