/**
 * Staff accounts from the command line: `npm run staff -- add EMAIL [--name NAME]`,
 * `reset-password EMAIL`, `disable EMAIL`, on the database of the environment
 * (run-with-database.ts).
 */
import { runStaffCommand } from '#server/modules/users/staff-cli.ts';
import { createStaffAccountsService } from '#server/modules/users/staff-accounts.service.ts';
import { runWithDatabase } from './run-with-database.ts';

runWithDatabase(({ database }) =>
  runStaffCommand(process.argv.slice(2), {
    accounts: createStaffAccountsService({ db: database.db }),
    staffPassword: process.env.STAFF_PASSWORD,
    print: (line) => console.log(line),
  }),
);
