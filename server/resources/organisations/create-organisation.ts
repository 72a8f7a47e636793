import { audit } from '../../audit.ts';
import { sendLinkMail, type MailUser } from '../../auth/link-mail.ts';
import type { Queryable } from '../../db/database.ts';
import { HttpError } from '../../http/http-error.ts';
import type { Services } from '../../services.ts';
import { assertHostnameFree, writeProfile, type ProfileFields } from './organisation-profile.ts';
import { ORGANISATION_TEXTS } from './organisation-types.ts';

/** An organisation to create: its account, its profile and, when a contact is given, its invited administrator. */
export interface NewOrganisation {
  accountType: string;
  name: string;
  edition: 'us' | 'uk';
  npn?: string | null;
  profile: ProfileFields;
  /** The contact invited by e-mail as the organisation's administrator (the confirm-user link). */
  admin?: { firstName: string; lastName: string; email: string; phone?: string | null; roleId: string } | null;
}

export interface CreatedOrganisation {
  accountId: string;
  /** The invited administrator, to e-mail once the transaction has committed. */
  invitee: MailUser | null;
}

/**
 * Creates the organisation inside `tx`: the account, its profile, its default team and the invited
 * administrator (status PENDING_VALIDATION, in the default team), each audited. A contact e-mail that is
 * already a user, or a host name in use, answers 409. Send the invitation with `inviteAdministrator`
 * after the commit, so no e-mail goes out for an organisation that was not stored.
 */
export async function insertOrganisation(
  tx: Queryable,
  services: Pick<Services, 'clock'>,
  input: NewOrganisation,
  actor: { userId: string; address: string | null; action: string },
): Promise<CreatedOrganisation> {
  const { clock } = services;
  await assertHostnameFree(tx, input.profile.hostname ?? null);
  if (input.admin) {
    const [existing] = await tx.query('SELECT 1 FROM users WHERE lower(email) = lower($1)', [input.admin.email]);
    if (existing) throw new HttpError(409, ORGANISATION_TEXTS.contactExists, { errors: [{ field: 'contactEmail', message: ORGANISATION_TEXTS.contactExists }] });
  }
  const now = clock.now();
  const [account] = await tx.query<{ id: string }>(
    `INSERT INTO accounts (name, account_type, edition, npn, created_at) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [input.name, input.accountType, input.edition, input.npn ?? null, now],
  );
  const accountId = account!.id;
  await writeProfile(tx, clock, accountId, input.profile, actor.userId);
  const [team] = await tx.query<{ id: string }>(`INSERT INTO teams (account_id, name, is_default) VALUES ($1, 'Default Team', true) RETURNING id`, [accountId]);
  await audit(tx, clock, {
    actorUserId: actor.userId, action: actor.action, target: accountId, address: actor.address,
    detail: { accountType: input.accountType, name: input.name, edition: input.edition, ...input.profile },
  });

  let invitee: MailUser | null = null;
  if (input.admin) {
    const [user] = await tx.query<MailUser>(
      `INSERT INTO users (account_id, email, first_name, last_name, phone, role_id, status, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, 'PENDING_VALIDATION', $7)
       ON CONFLICT (lower(email)) DO NOTHING RETURNING id, email, first_name`,
      [accountId, input.admin.email.toLowerCase(), input.admin.firstName, input.admin.lastName, input.admin.phone ?? null, input.admin.roleId, now],
    );
    if (!user) throw new HttpError(409, ORGANISATION_TEXTS.contactExists, { errors: [{ field: 'contactEmail', message: ORGANISATION_TEXTS.contactExists }] });
    await tx.query('INSERT INTO team_members (team_id, user_id) VALUES ($1, $2)', [team!.id, user.id]);
    await audit(tx, clock, {
      actorUserId: actor.userId, action: 'user.invite', target: user.id, address: actor.address,
      detail: { accountId, email: user.email, roleId: input.admin.roleId, via: actor.action },
    });
    invitee = user;
  }
  return { accountId, invitee };
}

/** E-mails the invited administrator the confirm-user link (set a password, then sign in). */
export async function inviteAdministrator(services: Services, invitee: MailUser | null): Promise<void> {
  if (invitee) await sendLinkMail(services, invitee, 'invite');
}
