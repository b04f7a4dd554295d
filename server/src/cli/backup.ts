import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig, type Config } from '../config';
import { dumpDataDir, restoreDataDir } from '../ops/backup';
import { runCommand } from './run-command';

const USAGE = `Usage: npm run backup [-- <file>]     (default: backups/fx-<time>.tar.gz)
       npm run restore -- <file>

backup: a consistent dump of the PGlite database of DATA_DIR. While the server runs, it is asked
for the dump (GET /admin/backup with BACKUP_TOKEN, the same token as the server's); when it is
stopped, the data directory is opened directly.
restore: loads a dump into DATA_DIR, which must not hold a database yet; run it with the server
stopped, then start the server on DATA_DIR.
With DATABASE_URL (PostgreSQL) use pg_dump and pg_restore instead (see README).`;

const POSTGRES = `DATABASE_URL is set: back up PostgreSQL with pg_dump, restore with pg_restore:
  pg_dump --format=custom --file=fx.dump "$DATABASE_URL"
  pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" fx.dump`;

/** Where the server of this configuration answers (a wildcard address is reached on loopback). */
const serverUrl = (config: Config) => {
  const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host.includes(':') ? `[${config.host}]` : config.host;
  return `http://${host}:${config.port}`;
};

/** Whether the server answers on its port (connection refused: it is not running). */
async function serverRunning(base: string): Promise<boolean> {
  try {
    await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(5000) });
    return true;
  } catch {
    return false;
  }
}

async function backup(config: Config, file: string | undefined, force: boolean): Promise<string> {
  const target = path.resolve(file ?? path.join('backups', `fx-${new Date().toISOString().replace(/[:.]/g, '-')}.tar.gz`));
  const base = serverUrl(config);
  let archive: Blob;
  if (await serverRunning(base)) {
    if (!config.ops.backupToken) throw new Error(`the server answers at ${base}: set BACKUP_TOKEN for it and for this command to back up through it, or stop it`);
    const response = await fetch(`${base}/admin/backup`, { headers: { authorization: `Bearer ${config.ops.backupToken}` } });
    if (!response.ok) throw new Error(`the server refused the backup: ${response.status} ${await response.text()}`);
    archive = await response.blob();
  } else {
    // A running PGlite keeps postmaster.pid in its directory; a crashed one leaves it behind.
    if (existsSync(path.join(config.dataDir, 'postmaster.pid')) && !force) {
      throw new Error(`${config.dataDir} looks in use (postmaster.pid) but no server answers at ${base}: stop the server using it, or pass --force if none runs (it crashed)`);
    }
    archive = await dumpDataDir(config.dataDir);
  }
  await mkdir(path.dirname(target), { recursive: true });
  await writeFile(target, Buffer.from(await archive.arrayBuffer()), { mode: 0o600 });
  return `backup written: ${target} (${archive.size} bytes)`;
}

async function restore(config: Config, file: string): Promise<string> {
  if (await serverRunning(serverUrl(config))) throw new Error('stop the server before restoring');
  const archive = new Blob([await readFile(file)]);
  const counts = await restoreDataDir(archive, config.dataDir);
  return `restored into ${config.dataDir}: ${counts.users} accounts, ${counts.wallets} wallets, ${counts.ledger_entries} ledger rows, ${counts.bets} bets`;
}

async function main(argv: string[]): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { help: { type: 'boolean', short: 'h' }, force: { type: 'boolean' } },
  });
  const [command, file, ...rest] = positionals;
  if (values.help || rest.length || (command !== 'backup' && command !== 'restore') || (command === 'restore' && !file)) {
    console.error(USAGE);
    return values.help ? 0 : 2;
  }
  // The session secret is the server's business: this command must not make one in DATA_DIR.
  const config = loadConfig(process.env, { sessionSecret: '' });
  if (config.databaseUrl) {
    console.error(POSTGRES);
    return 2;
  }
  const message = command === 'backup' ? await backup(config, file, values.force ?? false) : await restore(config, file!);
  process.stdout.write(`${message}\n`);
  return 0;
}

runCommand(main);
