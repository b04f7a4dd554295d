import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { emailSchema } from '../../../src/api/contract/auth';
import { passwordProblem } from '../../../src/api/contract/password';
import { DEFAULT_LOCALE } from '../../../src/api/contract/envelope';
import { loadConfig } from '../config';
import { runCommand } from './run-command';
import { openDatabase, type Database } from '../db/database';
import { translate } from '../i18n';
import { hashPassword } from '../modules/auth/passwords';
import { createAccount } from '../modules/auth/service';

const USAGE = `Usage: npm run operator -- create <email> [--password <password>] [--role support|risk]

Creates an operator account, or makes an existing account an operator, in the database of the
same configuration as the server (DATA_DIR or DATABASE_URL). Without --password a new account
gets a generated password; an existing account keeps its password unless one is given.
--role support (the default) makes a support operator (conversations, deposits, withdrawals,
tournaments, notifications); --role risk makes a risk operator (the risk desk only).
The server must not be running on the same PGlite data directory (it allows one process).`;

/** A password of 20 URL-safe characters: well over the rules and typeable. */
const generatePassword = () => randomBytes(15).toString('base64url');

export interface OperatorResult {
  email: string;
  created: boolean;
  /** The password to hand over, when one was set. */
  password: string | null;
}

/** The back office's two desks, and the role each gives the account. */
export const OPERATOR_ROLES = { support: 'operator', risk: 'risk' } as const;
export type OperatorDesk = keyof typeof OPERATOR_ROLES;

/** Creates or promotes the operator; throws an Error with a readable message on bad input. */
export async function createOperator(database: Database, emailInput: string, passwordInput?: string, desk: OperatorDesk = 'support'): Promise<OperatorResult> {
  if (!Object.hasOwn(OPERATOR_ROLES, desk)) throw new Error(`not a role: ${desk} (support or risk)`);
  const role = OPERATOR_ROLES[desk];
  const parsedEmail = emailSchema.safeParse(emailInput);
  if (!parsedEmail.success) throw new Error(`not an email address: ${emailInput}`);
  const email = parsedEmail.data;
  if (passwordInput !== undefined) {
    const problem = passwordProblem(passwordInput);
    if (problem) throw new Error(translate('en', problem, { min: 8, max: 128 }));
  }
  return database.db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom('users').select(['id']).where('email', '=', email).executeTakeFirst();
    if (existing) {
      const passwordHash = passwordInput === undefined ? undefined : await hashPassword(passwordInput);
      await trx
        .updateTable('users')
        .set({ role, ...(passwordHash ? { password_hash: passwordHash } : {}) })
        .where('id', '=', existing.id)
        .execute();
      // A promoted account's open sessions pick up the role at their next request.
      return { email, created: false, password: passwordInput ?? null };
    }
    const password = passwordInput ?? generatePassword();
    await createAccount(trx, { email, passwordHash: await hashPassword(password), locale: DEFAULT_LOCALE, role });
    return { email, created: true, password };
  });
}

async function main(argv: string[]): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { password: { type: 'string' }, role: { type: 'string', default: 'support' }, help: { type: 'boolean', short: 'h' } },
  });
  const [command, email] = positionals;
  if (values.help || command !== 'create' || !email || positionals.length !== 2) {
    console.error(USAGE);
    return values.help ? 0 : 2;
  }
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const result = await createOperator(database, email, values.password, values.role as OperatorDesk);
    const lines = [
      `${result.created ? 'Created' : 'Made'} ${values.role === 'risk' ? 'risk operator' : 'operator'}: ${result.email}`,
      `Sign in at ${config.publicUrl}/backoffice${values.role === 'risk' ? '/risk' : ''}`,
      result.password ? `Password: ${result.password}` : 'Password: unchanged',
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
    return 0;
  } finally {
    await database.close();
  }
}

// Run only as the command, not when a test imports createOperator.
if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  runCommand(main);
}
