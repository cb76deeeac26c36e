// Operator commands (no admin UI): `npm run admin -- <command> …`.
import { eq } from 'drizzle-orm';
import { isTier, TIERS } from '../../core/tiers';
import { ConfigError, loadConfig } from '../config';
import { addCredits, getBalance } from '../credits/service';
import { type Database, DatabaseUnavailableError, openDatabase, runMigrations } from '../db/client';
import { users } from '../db/schema';
import { type Logger, silentLogger } from '../logger';
import { changePlan, membershipView } from '../membership/service';
import { createStorage } from '../storage';
import { findOrphans, ORPHAN_MIN_AGE_MS, removeOrphans } from '../storage/orphans';
import type { Storage } from '../storage/storage';

const USAGE = `Usage: npm run admin -- <command>

  credits:grant <email> <amount> [reason]   add credits (a 'grant' ledger row)
  tier:set <email> <${TIERS.join('|')}>     change a member's plan
  user:show <email>                         plan, usage and credits of a member
  storage:orphans [--delete]                list image files no picture and no pending deletion
                                            owns (paging through the whole store); --delete
                                            removes them

With the embedded database (no DATABASE_URL) stop the server first: a PGlite folder belongs to
one process at a time.`;

export class CliError extends Error {}

export async function runAdmin(
  db: Database,
  args: string[],
  out: (line: string) => void,
  services: { storage?: Storage; logger?: Logger } = {},
): Promise<void> {
  const [command, email, ...rest] = args;
  if (!command || command === 'help' || command === '--help') {
    out(USAGE);
    return;
  }
  if (command === 'storage:orphans') {
    if (!services.storage) throw new CliError('storage:orphans needs the storage configuration.');
    const flags = args.slice(1);
    const unknown = flags.filter((f) => f !== '--delete');
    if (unknown.length > 0) throw new CliError(`Unknown option "${unknown[0]}".\n\n${USAGE}`);
    await storageOrphans({ db, storage: services.storage, logger: services.logger ?? silentLogger }, out, {
      remove: flags.includes('--delete'),
    });
    return;
  }
  if (!['credits:grant', 'tier:set', 'user:show'].includes(command))
    throw new CliError(`Unknown command "${command}".\n\n${USAGE}`);
  if (!email) throw new CliError(`${command} needs an e-mail address.\n\n${USAGE}`);
  const [user] = await db.select().from(users).where(eq(users.email, email.trim().toLowerCase()));
  if (!user) throw new CliError(`No member with the e-mail ${email}.`);

  if (command === 'credits:grant') {
    const [amountText, ...reasonWords] = rest;
    const amount = Number(amountText);
    if (!/^\d+$/.test(amountText ?? '') || amount < 1 || amount > 100_000) {
      throw new CliError(`The amount must be a whole number from 1 to 100000, got "${amountText ?? ''}".`);
    }
    const reason = reasonWords.join(' ').trim() || 'Granted by an operator';
    await db.transaction((tx) =>
      addCredits(tx, { userId: user.id, amount, type: 'grant', description: reason }),
    );
    out(
      `Granted ${amount} credit${amount === 1 ? '' : 's'} to ${user.email}. Balance: ${await getBalance(db, user.id)}.`,
    );
    return;
  }
  if (command === 'tier:set') {
    const tier = rest[0]?.toLowerCase();
    if (!isTier(tier))
      throw new CliError(`The plan must be one of ${TIERS.join(', ')}, got "${rest[0] ?? ''}".`);
    const { keysRevoked: revoked } = await db.transaction((tx) =>
      changePlan(tx, { userId: user.id, change: { kind: 'operator', tier } }),
    );
    out(
      `${user.email} is now on the ${tier} plan.${revoked > 0 ? ` ${revoked} API key${revoked === 1 ? '' : 's'} revoked.` : ''}`,
    );
    return;
  }
  const m = await membershipView(db, user.id);
  out(
    [
      `${user.email} (id ${user.id}, joined ${user.createdAt.toISOString().slice(0, 10)})`,
      `Plan: ${m.tier} (${m.status})${m.periodEnd ? `, period ends ${m.periodEnd}` : ''}`,
      `Images this month: ${m.imageCount} / ${m.imageLimit ?? '∞'}`,
      `Credits: ${await getBalance(db, user.id)}`,
    ].join('\n'),
  );
}

async function storageOrphans(
  deps: { db: Database; storage: Storage; logger: Logger },
  out: (line: string) => void,
  opts: { remove: boolean },
) {
  const { orphans, scanned, tooYoung } = await findOrphans(deps);
  for (const o of orphans) {
    out(`${o.prefix}  ${o.files} file${o.files === 1 ? '' : 's'}, newest ${o.newest.toISOString()}`);
  }
  const hours = ORPHAN_MIN_AGE_MS / 3_600_000;
  out(
    `${orphans.length} orphaned prefix${orphans.length === 1 ? '' : 'es'} among ${scanned} file${scanned === 1 ? '' : 's'} in the ${deps.storage.kind} store.` +
      (tooYoung > 0
        ? ` ${tooYoung} unowned prefix${tooYoung === 1 ? ' is' : 'es are'} younger than ${hours} h (uploads in progress) and left alone.`
        : ''),
  );
  if (!opts.remove) {
    if (orphans.length > 0) out('Run again with --delete to remove them.');
    return;
  }
  const refused = await removeOrphans(deps, orphans);
  out(`Removed ${orphans.length - refused.length} of ${orphans.length}.`);
  if (refused.length > 0) {
    out(
      `${refused.length} could not be removed now; they are pending deletions the worker retries (see /api/health).`,
    );
  }
}

async function main() {
  const config = loadConfig();
  const handle = await openDatabase(
    config.database.kind === 'postgres'
      ? { kind: 'postgres', url: config.database.url, max: 2 }
      : { kind: 'pglite', dir: config.database.dir },
  );
  try {
    await runMigrations(handle);
    await runAdmin(handle.db, process.argv.slice(2), (line) => process.stdout.write(`${line}\n`), {
      storage: createStorage(config.storage),
    });
  } finally {
    await handle.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error) => {
    const known =
      error instanceof CliError || error instanceof ConfigError || error instanceof DatabaseUnavailableError;
    process.stderr.write(`${known ? error.message : (error as Error).stack}\n`);
    process.exit(known ? 2 : 1);
  });
}
