// Operator commands (no admin UI): `npm run admin -- <command> …`.
import { eq } from 'drizzle-orm';
import { isTier, TIERS } from '../../core/tiers';
import { ConfigError, loadConfig } from '../config';
import { addCredits, getBalance, membershipView } from '../credits/service';
import { type Database, DatabaseUnavailableError, openDatabase, runMigrations } from '../db/client';
import { memberships, users } from '../db/schema';

const USAGE = `Usage: npm run admin -- <command>

  credits:grant <email> <amount> [reason]   add credits (a 'grant' ledger row)
  tier:set <email> <${TIERS.join('|')}>     change a member's plan
  user:show <email>                         plan, usage and credits of a member

With the embedded database (no DATABASE_URL) stop the server first: a PGlite folder belongs to
one process at a time.`;

export class CliError extends Error {}

export async function runAdmin(db: Database, args: string[], out: (line: string) => void): Promise<void> {
  const [command, email, ...rest] = args;
  if (!command || command === 'help' || command === '--help') {
    out(USAGE);
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
    await db
      .insert(memberships)
      .values({ userId: user.id, tier, status: 'active' })
      .onConflictDoUpdate({
        target: memberships.userId,
        // Set by hand: no billing period, so the plan does not lapse.
        set: { tier, status: 'active', currentPeriodEnd: null, updatedAt: new Date() },
      });
    out(`${user.email} is now on the ${tier} plan.`);
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

async function main() {
  const config = loadConfig();
  const handle = await openDatabase(
    config.database.kind === 'postgres'
      ? { kind: 'postgres', url: config.database.url, max: 2 }
      : { kind: 'pglite', dir: config.database.dir },
  );
  try {
    await runMigrations(handle);
    await runAdmin(handle.db, process.argv.slice(2), (line) => process.stdout.write(`${line}\n`));
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
