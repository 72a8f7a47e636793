import type { Queryable } from '../db/database.ts';
import { ROLE_DEFINITIONS } from '../auth/roles.ts';

/** Feature flags served by GET /api/auth/v1/feature-flags (spec 000 section 6 names them; defaults are ours). */
export const DEFAULT_FEATURE_FLAGS: ReadonlyArray<{ key: string; enabled: boolean; edition: 'us' | 'uk' | null; description: string }> = [
  { key: 'remember-device', enabled: true, edition: null, description: 'Remember-this-device checkbox on sign-in' },
  { key: 'maintenance-mode', enabled: false, edition: null, description: 'Global maintenance mode' },
  { key: 'maintenance-mode-us', enabled: false, edition: 'us', description: 'Maintenance mode, US edition' },
  { key: 'maintenance-mode-uk', enabled: false, edition: 'uk', description: 'Maintenance mode, UK edition' },
  { key: 'incident-banner', enabled: false, edition: null, description: 'Banner about e-mail delays' },
  { key: 'product-selector', enabled: true, edition: null, description: 'Product selector' },
  { key: 'edit-quote', enabled: true, edition: null, description: 'Edit quote' },
  { key: 'endorsements', enabled: true, edition: null, description: 'Endorsements' },
  { key: 'submissions-view', enabled: true, edition: null, description: 'Submissions view' },
  { key: 'new-agent-experience', enabled: false, edition: null, description: 'New agent experience' },
  { key: 'uk-environment', enabled: true, edition: 'uk', description: 'UK environment (on for UK requests)' },
  { key: 'dynamic-fields', enabled: true, edition: null, description: 'Dynamic fields' },
  { key: 'next', enabled: false, edition: null, description: 'Next-generation features' },
];

/**
 * Roles, permissions and flags that must exist on every database. Existing rows are left as they are; a role's
 * permission new to the code is granted once (seeded_role_grants), so an administrator's removal survives.
 */
export async function ensureReferenceData(tx: Queryable): Promise<void> {
  for (const role of ROLE_DEFINITIONS) {
    await tx.query(
      'INSERT INTO roles (id, name, account_type, token_scopes) VALUES ($1, $2, $3, $4) ON CONFLICT (id) DO NOTHING',
      [role.id, role.name, role.accountType, [...(role.tokenScopes ?? [])]],
    );
    // Each permission of the definition is granted once: later starts add only permissions new to the code.
    for (const permission of new Set(role.permissions)) {
      const fresh = await tx.query(
        'INSERT INTO seeded_role_grants (role_id, permission) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING role_id',
        [role.id, permission],
      );
      if (fresh.length === 0) continue;
      await tx.query('INSERT INTO role_permissions (role_id, permission) VALUES ($1, $2) ON CONFLICT DO NOTHING', [role.id, permission]);
    }
  }
  for (const flag of DEFAULT_FEATURE_FLAGS) {
    await tx.query(
      'INSERT INTO feature_flags (key, enabled, edition, description) VALUES ($1, $2, $3, $4) ON CONFLICT (key) DO NOTHING',
      [flag.key, flag.enabled, flag.edition, flag.description],
    );
  }
}
