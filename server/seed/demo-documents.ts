import type { Clock } from '../clock.ts';
import type { Queryable } from '../db/database.ts';
import { renderDocument } from '../documents/pdf-document.ts';

/**
 * Uploaded documents for the demo book (after the policies): each client account with a policy has its signed
 * application (a PDF filed by its agency) and a loss-run spreadsheet exported as CSV; every second one also
 * has a security assessment filed by provider staff with no agency, which every interested agency sees.
 * The generated proposals, binders, policies and receipts are listed beside them without seeding.
 * Deterministic for a given clock.
 */
const DAY_MS = 86_400_000;

export async function seedDemoDocuments(tx: Queryable, clock: Clock): Promise<void> {
  const now = clock.now();
  const accounts = await tx.query<{ account_id: string; agency_id: string; name: string; policy_number: string; product: string; issued_at: Date; uploader: string | null; uploader_name: string | null }>(
    `SELECT DISTINCT ON (p.account_id) p.account_id, p.agency_id, a.name, p.policy_number, p.product, p.issued_at,
       u.id AS uploader, trim(u.first_name || ' ' || u.last_name) AS uploader_name
     FROM policies p JOIN accounts a ON a.id = p.account_id
     LEFT JOIN LATERAL (SELECT id, first_name, last_name FROM users WHERE account_id = p.agency_id ORDER BY email LIMIT 1) u ON true
     ORDER BY p.account_id, p.issued_at`,
  );
  let position = 0;
  for (const account of accounts) {
    position += 1;
    const filedAt = new Date(new Date(account.issued_at).getTime() - 3 * DAY_MS);
    const application = await renderDocument(
      { title: `Signed application - ${account.name}`, author: account.uploader_name ?? 'Agency', footer: `${account.name} - signed application`, createdAt: filedAt },
      [
        { kind: 'heading', text: 'Cyber Insurance Application (signed)' },
        { kind: 'fields', fields: [['Applicant', account.name], ['Product', account.product], ['Signed', filedAt.toISOString().slice(0, 10)]] },
        { kind: 'paragraph', text: 'The applicant confirms the answers given in the application are true and complete. Demo document.' },
      ],
    );
    const lossRuns = Buffer.from(`Policy Year,Claims,Incurred,Paid\n${now.getUTCFullYear() - 3},0,0.00,0.00\n${now.getUTCFullYear() - 2},1,12500.00,12500.00\n${now.getUTCFullYear() - 1},0,0.00,0.00\n`);
    const files: Array<{ agency: string | null; type: string; name: string; file: string; fileType: string; contentType: string; content: Buffer; at: Date; by: string | null; byName: string }> = [
      { agency: account.agency_id, type: 'SIGNED_APPLICATION', name: `Signed application - ${account.name}`, file: `signed-application-${account.policy_number}.pdf`, fileType: 'pdf', contentType: 'application/pdf', content: Buffer.from(application), at: filedAt, by: account.uploader, byName: account.uploader_name ?? 'Agency' },
      { agency: account.agency_id, type: 'LOSS_RUNS', name: `Prior carrier loss runs - ${account.name}`, file: `loss-runs-${account.policy_number}.csv`, fileType: 'csv', contentType: 'text/csv', content: lossRuns, at: filedAt, by: account.uploader, byName: account.uploader_name ?? 'Agency' },
    ];
    if (position % 2 === 0) {
      const assessment = await renderDocument(
        { title: `Security assessment - ${account.name}`, author: 'Cyber Console', footer: `${account.name} - security assessment`, createdAt: filedAt },
        [
          { kind: 'heading', text: 'External Security Assessment' },
          { kind: 'fields', fields: [['Organisation', account.name], ['Assessed', filedAt.toISOString().slice(0, 10)], ['Rating', 'B+']] },
          { kind: 'paragraph', text: 'Multi-factor authentication on e-mail and remote access; offline backups tested quarterly. Demo document.' },
        ],
      );
      files.push({ agency: null, type: 'SECURITY_ASSESSMENT', name: `Security assessment - ${account.name}`, file: `security-assessment-${account.policy_number}.pdf`, fileType: 'pdf', contentType: 'application/pdf', content: Buffer.from(assessment), at: filedAt, by: null, byName: 'Risk Engineering' });
    }
    for (const file of files) {
      await tx.query(
        `INSERT INTO documents (account_id, agency_id, doc_type, doc_name, file_name, file_type, content_type, size_bytes, content, doc_time,
           uploaded_by, uploaded_by_name, uploaded_at, modified_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::date, $11, $12, $13, $13)`,
        [account.account_id, file.agency, file.type, file.name, file.file, file.fileType, file.contentType, file.content.length, file.content,
          file.at.toISOString().slice(0, 10), file.by, file.byName, file.at],
      );
    }
  }
}
