/**
 * Staff accounts from the command line: `npm run staff -- add EMAIL [--name NAME] [--role ROLE]`,
 * `set-role EMAIL ROLE`, `reset-password EMAIL`, `disable EMAIL`, `turn-off-second-factor EMAIL`,
 * on the database of the environment (run-with-database.ts); each change is written to
 * the audit log.
 */
import { createAuditService } from '#server/modules/audit/audit.service.ts';
import { runStaffCommand } from '#server/modules/staff/staff-cli.ts';
import { createStaffAccountsService } from '#server/modules/staff/staff-accounts.service.ts';
import { runWithDatabase } from './run-with-database.ts';

runWithDatabase(({ env, database }) =>
  runStaffCommand(process.argv.slice(2), {
    accounts: createStaffAccountsService({
      db: database.db,
      audit: createAuditService({ db: database.db, secretKey: env.SECRET_KEY }),
    }),
    staffPassword: process.env.STAFF_PASSWORD,
    print: (line) => console.log(line),
  }),
);
