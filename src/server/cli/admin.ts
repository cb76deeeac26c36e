// Operator commands (no admin UI): `npm run admin -- <command> …`.
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { isTier, TIERS } from '../../core/tiers';
import type { BillingDeps } from '../billing/deps';
import { createPayments } from '../billing/payments';
import { applyCustomerSubscriptions } from '../billing/sync-subscription';
import { ConfigError, loadConfig } from '../config';
import { addCredits, getBalance } from '../credits/service';
import { type Database, DatabaseUnavailableError, openDatabase, runMigrations } from '../db/client';
import { users } from '../db/schema';
import { type Logger, silentLogger } from '../logger';
import { createMailer } from '../mail/mailer';
import { membershipView } from '../membership/plan';
import { changePlan, linkExistingStripeCustomer } from '../membership/service';
import { createStorage } from '../storage';
import { findOrphans, ORPHAN_MIN_AGE_MS, removeOrphans } from '../storage/orphans';
import type { Storage } from '../storage/storage';

const USAGE = `Usage: npm run admin -- <command>

  credits:grant <email> <amount> [reason]   add credits (a 'grant' ledger row)
  tier:set <email> <${TIERS.join('|')}>     change a member's plan
  user:show <email>                         plan, usage and credits of a member
  billing:link <email> <customer-id>        make a Stripe customer made outside the app (cus_…)
                                            the member's, and apply its live subscriptions
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
  services: { storage?: Storage; logger?: Logger; billing?: BillingDeps } = {},
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
  if (!['credits:grant', 'tier:set', 'user:show', 'billing:link'].includes(command))
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
  if (command === 'billing:link') {
    await linkCustomer({ db, billing: services.billing }, user, rest[0], out);
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

/**
 * Links a Stripe customer the app did not create (one made in the Dashboard) to a member, so its
 * subscriptions' events find the member instead of being skipped.
 */
async function linkCustomer(
  deps: { db: Database; billing?: BillingDeps },
  user: { id: string; email: string },
  customerId: string | undefined,
  out: (line: string) => void,
) {
  const { db } = deps;
  if (!/^cus_[A-Za-z0-9]+$/.test(customerId ?? '')) {
    throw new CliError(`The customer id must be a Stripe customer id (cus_…), got "${customerId ?? ''}".`);
  }
  const id = customerId!;
  const link = await linkExistingStripeCustomer(db, user.id, id);
  if (!link.linked && link.reason === 'taken')
    throw new CliError(`${id} is already the customer of ${link.holderEmail}.`);
  if (!link.linked && link.reason === 'has-another') {
    throw new CliError(
      `${user.email} already has the Stripe customer ${link.customerId}; cancel its subscriptions there instead of linking another.`,
    );
  }
  if (!link.linked) throw new CliError(`${user.email} has no membership row.`);
  out(`Linked ${id} to ${user.email}.`);
  if (deps.billing?.payments.kind !== 'stripe') {
    out('Stripe is not configured here: the next event of its subscriptions applies them.');
    return;
  }
  const applied = await applyCustomerSubscriptions(deps.billing, id);
  if (applied.length === 0) out('It has no live subscription.');
  for (const a of applied) out(`${a.subscriptionId} (${a.status}): ${a.outcome}`);
  const m = await membershipView(db, user.id);
  out(`Plan: ${m.tier} (${m.status})`);
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
    const payments = createPayments(config);
    const logger = pino({ level: 'info' }, pino.destination(2));
    // billing:link applies subscriptions only: it never pays an invoice, so it mails no receipt.
    const mailer = createMailer({
      db: handle.db,
      logger,
      smtpUrl: config.mail.smtpUrl,
      from: config.mail.from,
    });
    await runAdmin(handle.db, process.argv.slice(2), (line) => process.stdout.write(`${line}\n`), {
      storage: createStorage(config.storage),
      // Billing's own log lines (an unknown price, a duplicate) go to stderr beside the output.
      billing: { db: handle.db, payments, config, logger, mailer },
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
