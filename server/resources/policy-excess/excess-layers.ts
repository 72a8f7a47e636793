import type { Queryable } from '../../db/database.ts';

export interface ExcessLayerRow {
  id: string;
  layer_number: string;
  policy_id: string;
  kind: 'EXCESS' | 'AD_HOC';
  status: 'ISSUED' | 'RESCINDED';
  layer_limit: string;
  attachment: string;
  premium: string;
  total_premium: string;
  reason: string | null;
  issued_by_name: string | null;
  issued_at: Date;
  rescinded_at: Date | null;
  rescind_reason: string | null;
  currency: string;
}

const COLUMNS = `x.id, x.layer_number, x.policy_id, x.kind, x.status, x.layer_limit::text AS layer_limit, x.attachment::text AS attachment,
  x.premium::text AS premium, x.total_premium::text AS total_premium, x.reason,
  CASE WHEN u.id IS NULL THEN NULL ELSE u.first_name || ' ' || u.last_name END AS issued_by_name, x.issued_at, x.rescinded_at, x.rescind_reason, p.currency`;
const FROM = 'policy_excess_layers x JOIN policies p ON p.id = x.policy_id LEFT JOIN users u ON u.id = x.issued_by';

/** A layer by id, whoever's it is: the caller checks the policy it sits above. */
export async function findExcessLayer(db: Queryable, id: string): Promise<ExcessLayerRow | null> {
  const [row] = await db.query<ExcessLayerRow>(`SELECT ${COLUMNS} FROM ${FROM} WHERE x.id = $1 FOR UPDATE OF x`, [id]);
  return row ?? null;
}

/** A policy's layers as the page lists them, oldest first. */
export async function excessLayersOf(db: Queryable, policyId: string) {
  const rows = await db.query<ExcessLayerRow>(`SELECT ${COLUMNS} FROM ${FROM} WHERE x.policy_id = $1 ORDER BY x.issued_at, x.layer_number`, [policyId]);
  return rows.map((row) => ({
    id: row.id, layerNumber: row.layer_number, policyId: row.policy_id, kind: row.kind, status: row.status,
    layerLimit: Number(row.layer_limit), attachment: Number(row.attachment), premium: row.premium, totalPremium: row.total_premium,
    reason: row.reason, by: row.issued_by_name, issued: new Date(row.issued_at).toISOString(),
    rescinded: row.rescinded_at ? new Date(row.rescinded_at).toISOString() : null, rescindReason: row.rescind_reason, currency: row.currency,
  }));
}

/** Stores a new layer with the next number ('X-2026-000042'). */
export async function insertExcessLayer(
  tx: Queryable,
  layer: { policyId: string; kind: 'EXCESS' | 'AD_HOC'; layerLimit: number; attachment: number; premium: string; totalPremium: string; reason: string | null; rating: unknown; userId: string; at: Date },
): Promise<string> {
  const [next] = await tx.query<{ n: string }>(`SELECT nextval('excess_layer_number_seq')::text AS n`);
  const layerNumber = `X-${layer.at.getUTCFullYear()}-${next!.n.padStart(6, '0')}`;
  await tx.query(
    `INSERT INTO policy_excess_layers (layer_number, policy_id, kind, status, layer_limit, attachment, premium, total_premium, reason, rating, issued_by, issued_at)
     VALUES ($1, $2, $3, 'ISSUED', $4, $5, $6, $7, $8, $9, $10, $11)`,
    [layerNumber, layer.policyId, layer.kind, layer.layerLimit, layer.attachment, layer.premium, layer.totalPremium, layer.reason,
      layer.rating === null ? null : JSON.stringify(layer.rating), layer.userId, layer.at],
  );
  return layerNumber;
}
