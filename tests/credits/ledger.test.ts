import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { creditActivityPageSchema } from '../../src/core/api';
import { avatarInitials } from '../../src/core/user';
import { runAdmin } from '../../src/server/cli/admin';
import { addCredits, clawbackCredits, getBalance, spendCredits } from '../../src/server/credits/service';
import { creditTransactions, imageUsage } from '../../src/server/db/schema';
import { readUsage } from '../../src/server/membership/usage';
import { createTestApp, signUp, type TestApp } from '../helpers/app';
import { testEngine } from '../helpers/database';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe(`the credit ledger on ${testEngine}`, () => {
  it('20 concurrent spends against a balance of 1: exactly one succeeds', async () => {
    t = await createTestApp();
    const { user } = await signUp(t);
    const db = t.deps.database.db;
    await addCredits(db, { userId: user.id, amount: 1, type: 'grant', description: 'seed' });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        db.transaction((tx) => spendCredits(tx, { userId: user.id, amount: 1, description: `spend ${i}` })),
      ),
    );
    expect(results.filter((r) => r !== null)).toEqual([0]);
    expect(await getBalance(db, user.id)).toBe(0);
    const spends = await db.select().from(creditTransactions).where(eq(creditTransactions.type, 'spend'));
    expect(spends).toHaveLength(1);
  });

  it('20 concurrent first reads of a new month create one usage row', async () => {
    t = await createTestApp();
    const { user } = await signUp(t);
    const db = t.deps.database.db;
    const counts = await Promise.all(Array.from({ length: 20 }, () => readUsage(db, user.id, '2031-07')));
    expect(new Set(counts)).toEqual(new Set([0]));
    const rows = await db.select().from(imageUsage).where(eq(imageUsage.month, '2031-07'));
    expect(rows).toHaveLength(1);
  });

  it('the same refund applied twice (even concurrently) adds one credit and one row', async () => {
    t = await createTestApp();
    const { user } = await signUp(t);
    const db = t.deps.database.db;
    const refund = () =>
      db.transaction((tx) =>
        addCredits(tx, {
          userId: user.id,
          amount: 1,
          type: 'refund',
          description: 'Refund',
          referenceId: 'gen-1',
        }),
      );
    const applied = await Promise.all([refund(), refund(), refund()]);
    expect(applied.filter(Boolean)).toHaveLength(1);
    expect(await refund()).toBe(false);
    expect(await getBalance(db, user.id)).toBe(1);
    const rows = await db
      .select()
      .from(creditTransactions)
      .where(eq(creditTransactions.referenceId, 'gen-1'));
    expect(rows).toHaveLength(1);
  });

  it('a clawback never takes the balance below 0 and applies once', async () => {
    t = await createTestApp();
    const { user } = await signUp(t);
    const db = t.deps.database.db;
    await addCredits(db, {
      userId: user.id,
      amount: 14,
      type: 'purchase',
      description: 'Creator Pack',
      referenceId: 'cs_1',
    });
    await db.transaction((tx) => spendCredits(tx, { userId: user.id, amount: 1, description: 'x' }));
    for (let i = 0; i < 10; i++)
      await db.transaction((tx) => spendCredits(tx, { userId: user.id, amount: 1, description: 'x' }));
    expect(await getBalance(db, user.id)).toBe(3);
    const taken = await db.transaction((tx) =>
      clawbackCredits(tx, {
        userId: user.id,
        amount: 14,
        description: 'Refunded: Creator Pack',
        referenceId: 'cs_1',
      }),
    );
    expect(taken).toBe(3);
    expect(
      await db.transaction((tx) =>
        clawbackCredits(tx, { userId: user.id, amount: 14, description: 'again', referenceId: 'cs_1' }),
      ),
    ).toBeNull();
    expect(await getBalance(db, user.id)).toBe(0);
    const [row] = await db.select().from(creditTransactions).where(eq(creditTransactions.type, 'clawback'));
    expect(row.amount).toBe(-3);
  });
});

describe('GET /api/me and the operator CLI', () => {
  it('shows a new member as free with 0 of 3 images and 0 credits, then a CLI grant and plan change', async () => {
    t = await createTestApp();
    const { cookie, email } = await signUp(t, 'jane.doe@example.com');
    let me = await (await t.request('/api/me', { cookie })).json();
    expect(me).toMatchObject({
      // Until the member chooses a display name, they see their neutral username: never the e-mail.
      user: {
        email: 'jane.doe@example.com',
        name: me.user.username,
        avatarInitials: avatarInitials(me.user.username),
      },
      membership: { tier: 'free', status: 'active', imageCount: 0, imageLimit: 3, periodEnd: null },
      credits: 0,
    });
    // The starting username is neutral: nothing of the e-mail shows where others can read it.
    expect(me.user.username).toMatch(/^[a-z]+_[a-z]+_\d{4}$/);
    expect(me.user.username).not.toContain('jane');

    const out: string[] = [];
    await runAdmin(t.deps.database.db, ['credits:grant', email, '5', 'Support', 'goodwill'], (l) =>
      out.push(l),
    );
    await runAdmin(t.deps.database.db, ['tier:set', email, 'enterprise'], (l) => out.push(l));
    expect(out).toEqual([
      'Granted 5 credits to jane.doe@example.com. Balance: 5.',
      'jane.doe@example.com is now on the enterprise plan.',
    ]);
    me = await (await t.request('/api/me', { cookie })).json();
    expect(me.credits).toBe(5);
    expect(me.membership).toMatchObject({ tier: 'enterprise', imageLimit: null });
    const tx = creditActivityPageSchema.parse(
      await (await t.request('/api/me/transactions', { cookie })).json(),
    );
    expect(tx.items).toEqual([
      expect.objectContaining({ type: 'grant', amount: 5, description: 'Support goodwill' }),
    ]);

    out.length = 0;
    await runAdmin(t.deps.database.db, ['user:show', email], (l) => out.push(l));
    expect(out[0]).toContain('Plan: enterprise (active)');
    expect(out[0]).toContain('Images this month: 0 / ∞');
    expect(out[0]).toContain('Credits: 5');
  });

  it('gives clear errors for an unknown member, a bad amount and a bad plan', async () => {
    t = await createTestApp();
    const { email } = await signUp(t);
    const db = t.deps.database.db;
    const noop = () => {};
    await expect(runAdmin(db, ['credits:grant', 'ghost@example.com', '5'], noop)).rejects.toThrow(
      'No member with the e-mail ghost@example.com.',
    );
    await expect(runAdmin(db, ['credits:grant', email, '-3'], noop)).rejects.toThrow(
      'The amount must be a whole number from 1 to 100000, got "-3".',
    );
    await expect(runAdmin(db, ['tier:set', email, 'gold'], noop)).rejects.toThrow(
      'The plan must be one of free, basic, premium, enterprise, got "gold".',
    );
    await expect(runAdmin(db, ['explode', email], noop)).rejects.toThrow('Unknown command "explode"');
  });

  it('answers /api/me with 401 when signed out', async () => {
    t = await createTestApp();
    const res = await t.request('/api/me');
    expect(res.status).toBe(401);
  });
});

describe('the admin CLI as a process', () => {
  it('opens the embedded database and answers unknown members clearly', { timeout: 60_000 }, async () => {
    const { mkdtempSync, rmSync } = await import('node:fs');
    const os = await import('node:os');
    const path = await import('node:path');
    const { spawnSync } = await import('node:child_process');
    const { ROOT } = await import('../helpers/process');
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'clipsmith-cli-'));
    try {
      const res = spawnSync(
        process.execPath,
        ['--import', 'tsx', 'src/server/cli/admin.ts', 'user:show', 'ghost@example.com'],
        {
          cwd: ROOT,
          env: { PATH: process.env.PATH, DATA_DIR: dataDir },
          encoding: 'utf8',
        },
      );
      expect(res.status).toBe(2);
      expect(res.stderr.trim()).toBe('No member with the e-mail ghost@example.com.');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
