import { describe, expect, it } from 'vitest';
import { preparedStatements } from './pg-boss';

/** A stand-in for pg's pool that records what it is asked to run. */
function recordingClient() {
  const calls: unknown[] = [];
  return {
    calls,
    client: {
      query: (async (query: unknown, values?: unknown[]) => {
        calls.push(values === undefined ? query : { text: query, values });
        return { rows: [] };
      }) as never,
    },
  };
}

describe("pg-boss's statements", () => {
  it('run as named prepared statements: one name per text, the same name every time', async () => {
    const { calls, client } = recordingClient();
    const db = preparedStatements(client);
    const fetch = 'select * from pgboss.job where name = $1 limit $2';
    const complete = 'update pgboss.job set state = $2 where id = $1';
    await db.executeSql(fetch, ['generation', 8]);
    await db.executeSql(complete, ['a', 'completed']);
    await db.executeSql(fetch, ['generation', 1]);
    const [first, second, third] = calls as Array<{ name: string; text: string; values: unknown[] }>;
    expect(first).toMatchObject({ text: fetch, values: ['generation', 8] });
    expect(third).toMatchObject({ text: fetch, values: ['generation', 1] });
    expect(third.name).toBe(first.name);
    expect(second.name).not.toBe(first.name);
  });

  it('a text without values (migrations: several commands in one) runs as it is, unprepared', async () => {
    const { calls, client } = recordingClient();
    const migration = 'BEGIN; create table pgboss.x (id int); COMMIT;';
    await preparedStatements(client).executeSql(migration, []);
    expect(calls).toEqual([migration]);
  });
});
