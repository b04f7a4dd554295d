import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { emailSchema } from '../../../src/api/contract/auth';
import { passwordProblem } from '../../../src/api/contract/password';
import { DEFAULT_LOCALE } from '../../../src/api/contract/envelope';
import { loadConfig } from '../config';
import { openDatabase, type Database } from '../db/database';
import { translate } from '../i18n';
import { hashPassword } from '../modules/auth/passwords';
import { createAccount } from '../modules/auth/service';

const USAGE = `Usage: npm run operator -- create <email> [--password <password>]

Creates an operator account, or makes an existing account an operator, in the database of the
same configuration as the server (DATA_DIR or DATABASE_URL). Without --password a new account
gets a generated password; an existing account keeps its password unless one is given.
The server must not be running on the same PGlite data directory (it allows one process).`;

/** A password of 20 URL-safe characters: well over the rules and typeable. */
const generatePassword = () => randomBytes(15).toString('base64url');

export interface OperatorResult {
  email: string;
  created: boolean;
  /** The password to hand over, when one was set. */
  password: string | null;
}

/** Creates or promotes the operator; throws an Error with a readable message on bad input. */
export async function createOperator(database: Database, emailInput: string, passwordInput?: string): Promise<OperatorResult> {
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
        .set({ role: 'operator', ...(passwordHash ? { password_hash: passwordHash } : {}) })
        .where('id', '=', existing.id)
        .execute();
      // A promoted account's open sessions pick up the role at their next request.
      return { email, created: false, password: passwordInput ?? null };
    }
    const password = passwordInput ?? generatePassword();
    await createAccount(trx, { email, passwordHash: await hashPassword(password), locale: DEFAULT_LOCALE, role: 'operator' });
    return { email, created: true, password };
  });
}

async function main(argv: string[]): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { password: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  const [command, email] = positionals;
  if (values.help || command !== 'create' || !email || positionals.length !== 2) {
    console.error(USAGE);
    return values.help ? 0 : 2;
  }
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const result = await createOperator(database, email, values.password);
    const lines = [
      `${result.created ? 'Created operator' : 'Made operator'}: ${result.email}`,
      result.password ? `Password: ${result.password}` : 'Password: unchanged',
      `Sign in at ${config.publicUrl}/backoffice`,
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
    return 0;
  } finally {
    await database.close();
  }
}

// Run only as the command, not when a test imports createOperator.
if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
