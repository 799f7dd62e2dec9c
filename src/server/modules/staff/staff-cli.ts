import { AppError } from '#shared/errors.ts';
import { translate } from '#shared/i18n/messages.ts';
import { isStaffRole, staffRoles, type StaffRole } from '#shared/staff-roles.ts';
import type { StaffAccountsService } from './staff-accounts.service.ts';

/**
 * The staff CLI (`npm run staff -- …`, scripts/staff.ts), without the process around it:
 * parses the arguments, calls the accounts service, prints, and answers the exit code.
 */
const staffUsage = [
  'Usage: npm run staff -- <command>',
  '  add EMAIL [--name NAME] [--role admin|editor|viewer]',
  '                                 adds a staff account (an editor unless --role says otherwise)',
  '  set-role EMAIL ROLE            gives the account the role admin, editor or viewer',
  '  reset-password EMAIL           sets a new password and ends the account\'s sessions',
  '  disable EMAIL                  disables the account and ends its sessions',
  '  turn-off-second-factor EMAIL   for a lost authenticator app: the staff member enrols again',
  'add and reset-password print a generated password, or take the one in STAFF_PASSWORD.',
].join('\n');

export interface StaffCliDeps {
  accounts: Pick<StaffAccountsService, 'addStaff' | 'setRole' | 'resetPassword' | 'disableStaff' | 'resetSecondFactor'>;
  /** STAFF_PASSWORD, when set: the password for add and reset-password. */
  staffPassword: string | undefined;
  print: (line: string) => void;
}

function describeError(error: AppError): string {
  if (error.fieldErrors.length === 0) return translate('en-US', error.messageKey, error.params);
  return error.fieldErrors.map((fieldError) => `${fieldError.field}: ${translate('en-US', fieldError.message, fieldError.params)}`).join('\n');
}

function passwordLine(password: string, fromEnvironment: boolean): string {
  return fromEnvironment ? 'Password: the one of STAFF_PASSWORD.' : `Password (shown only now; pass it on securely): ${password}`;
}

/** The options of `add`: `--name NAME` and `--role ROLE`, each at most once; undefined when anything else is there. */
function addOptions(rest: readonly string[]): { name: string | undefined; role: StaffRole | undefined } | undefined {
  const options: { name: string | undefined; role: StaffRole | undefined } = { name: undefined, role: undefined };
  for (let at = 0; at < rest.length; at += 2) {
    const [option, value] = [rest[at], rest[at + 1]];
    if (!value) return undefined;
    if (option === '--name' && options.name === undefined) options.name = value;
    else if (option === '--role' && options.role === undefined && isStaffRole(value)) options.role = value;
    else return undefined;
  }
  return options;
}

export async function runStaffCommand(args: readonly string[], deps: StaffCliDeps): Promise<number> {
  const { accounts, print } = deps;
  const password = deps.staffPassword || undefined;
  const [command, email, ...rest] = args;
  if (!command || !email || email.startsWith('--')) {
    print(staffUsage);
    return 2;
  }
  try {
    switch (command) {
      case 'add': {
        const options = addOptions(rest);
        if (!options) {
          print(staffUsage);
          return 2;
        }
        const added = await accounts.addStaff({ email, ...options, password });
        print(`Staff account added: ${added.email} (${added.role})`);
        print(passwordLine(added.password, password !== undefined));
        return 0;
      }
      case 'set-role': {
        const [role, ...more] = rest;
        if (!role || more.length > 0) break;
        if (!isStaffRole(role)) {
          print(`Refused: the role must be one of ${staffRoles.join(', ')}.`);
          return 2;
        }
        const changed = await accounts.setRole(email, role);
        print(`Role of ${changed.email} is now ${changed.role}; its open sessions get it at their next request.`);
        return 0;
      }
      case 'reset-password': {
        if (rest.length > 0) break;
        const reset = await accounts.resetPassword({ email, password });
        print(`New password set for ${reset.email}; its sessions are ended.`);
        print(passwordLine(reset.password, password !== undefined));
        return 0;
      }
      case 'disable': {
        if (rest.length > 0) break;
        const disabled = await accounts.disableStaff(email);
        print(`Staff account disabled: ${disabled.email}; its sessions are ended.`);
        return 0;
      }
      case 'turn-off-second-factor': {
        if (rest.length > 0) break;
        const turnedOff = await accounts.resetSecondFactor(email);
        print(`Second factor turned off for ${turnedOff.email}; its sessions are ended. The next sign-in needs only the password.`);
        return 0;
      }
    }
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    print(`Refused: ${describeError(error)}`);
    return 1;
  }
  print(staffUsage);
  return 2;
}
