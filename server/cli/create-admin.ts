/**
 * `npm run admin:create -- --email ops@example.com --first-name Ada --last-name Lovelace [--organisation "Name"]`
 *
 * Creates the first provider Super Admin of a production database (which has no demo users) and e-mails
 * them a one-time link to set their password. The link is printed too: whoever runs this command runs the
 * server. Refuses when a provider Super Admin exists already.
 */
import { parseArgs } from 'node:util';
import { buildApp } from '../app.ts';
import { readConfig } from '../config.ts';
import { openConfiguredDatabase } from '../db/open.ts';
import { createFirstProviderAdmin } from '../production/first-admin.ts';

const USAGE = 'Usage: npm run admin:create -- --email <e-mail> --first-name <name> --last-name <name> [--organisation <name>]';

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      'first-name': { type: 'string' },
      'last-name': { type: 'string' },
      organisation: { type: 'string', default: 'Cyber Console' },
    },
  });
  if (!values.email || !values['first-name'] || !values['last-name']) {
    console.error(USAGE);
    return 2;
  }
  const config = readConfig();
  const db = await openConfiguredDatabase(config);
  const app = await buildApp({ db, config });
  try {
    const outcome = await createFirstProviderAdmin(app.services, {
      email: values.email, firstName: values['first-name'], lastName: values['last-name'], organisation: values.organisation,
    });
    if (outcome.status === 'exists') {
      console.error(outcome.message);
      return 1;
    }
    console.log(`Created ${values.email} as provider Super Admin. A link to set the password was e-mailed to them:`);
    console.log(`  ${outcome.link ?? '(not sent: a link went to this address less than a minute ago)'}`);
    return 0;
  } finally {
    await app.close();
    await db.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error('The admin was not created:', error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
