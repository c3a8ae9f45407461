import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type Db } from './db';

// The embedded database's prepared statements (docs/decisions/0289): the same rows and errors as
// PGlite's own query() (the same tests pass with them off), and a read never inside another
// caller's transaction.
describe.each([true, false])('embedded database, prepared statements %s', (preparedStatements) => {
  let db: Db;

  beforeAll(async () => {
    db = await openDb({ preparedStatements });
    await db.exec(`
    create table things (
      id text primary key,
      n integer not null,
      price numeric(10, 2),
      seen timestamptz,
      tags text[],
      meta jsonb,
      ok boolean
    );
    insert into things values
      ('a', 1, 1.50, '2026-01-02T03:04:05Z', '{x,y}', '{"k": [1, 2]}', true),
      ('b', 2, null, null, null, null, false);
  `);
  }, 60_000);

  afterAll(async () => {
    await db?.close();
  });

  const gate = () => {
    let open!: () => void;
    const opened = new Promise<void>((resolve) => (open = resolve));
    return { open, opened };
  };

  it('reads every column type as the plain path does, again and again', async () => {
    const sql = 'select * from things where id = $1 or n = $2 order by id';
    const first = await db.query(sql, ['a', 2]);
    const again = await db.query(sql, ['a', 2]);
    expect(again.rows).toEqual(first.rows);
    expect(first.rows).toEqual([
      {
        id: 'a',
        n: 1,
        price: '1.50',
        seen: new Date('2026-01-02T03:04:05Z'),
        tags: ['x', 'y'],
        meta: { k: [1, 2] },
        ok: true,
      },
      { id: 'b', n: 2, price: null, seen: null, tags: null, meta: null, ok: false },
    ]);
  });

  it('serializes parameters by their type: json, arrays, dates, booleans and null', async () => {
    await db.query('insert into things values ($1, $2, $3, $4, $5, $6, $7)', [
      'c',
      3,
      '2.25',
      new Date('2026-02-03T00:00:00Z'),
      ['p', 'q'],
      { deep: { list: [true] } },
      true,
    ]);
    const { rows } = await db.query('select * from things where id = $1', ['c']);
    expect(rows[0]).toEqual({
      id: 'c',
      n: 3,
      price: '2.25',
      seen: new Date('2026-02-03T00:00:00Z'),
      tags: ['p', 'q'],
      meta: { deep: { list: [true] } },
      ok: true,
    });
    const nulls = await db.query('select count(*)::int as n from things where price is null');
    expect(nulls.rows).toEqual([{ n: 1 }]);
    await db.query('delete from things where id = $1', ['c']);
  });

  it('answers an error with its SQLSTATE and keeps working after it', async () => {
    const insert = 'insert into things (id, n) values ($1, $2)';
    await expect(db.query(insert, ['a', 9])).rejects.toMatchObject({ code: '23505' });
    await expect(db.query('select nonsense from things')).rejects.toMatchObject({ code: '42703' });
    await expect(db.query('select $1::int as n', ['x'])).rejects.toMatchObject({ code: '22P02' });
    // The same texts again (the failed one was never prepared), and an unrelated read.
    await expect(db.query(insert, ['a', 9])).rejects.toMatchObject({ code: '23505' });
    expect((await db.query('select n from things where id = $1', ['a'])).rows).toEqual([{ n: 1 }]);
  });

  it('plans a prepared statement once (generic plans) on the embedded database', async () => {
    const { rows } = await db.query<{ plan_cache_mode: string }>('show plan_cache_mode');
    expect(rows[0]!.plan_cache_mode).toBe(preparedStatements ? 'force_generic_plan' : 'auto');
  });

  it('never reads inside a transaction that is still open', async () => {
    const count = 'select count(*)::int as n from things';
    const before = (await db.query<{ n: number }>(count)).rows[0]!.n;
    const inserted = gate();
    const release = gate();
    const transaction = db
      .transaction(async (tx) => {
        await tx.query('insert into things (id, n) values ($1, $2)', ['tx', 7]);
        inserted.open();
        await release.opened;
        throw new Error('rolled back on purpose');
      })
      .catch((error: Error) => error.message);
    await inserted.opened;
    // Asked while the transaction holds its uncommitted row; answered after it rolled back.
    const read = db.query<{ n: number }>(count);
    release.open();
    expect(await transaction).toBe('rolled back on purpose');
    expect((await read).rows[0]!.n).toBe(before);
  });

  it('runs prepared statements inside a transaction, committed or rolled back with it', async () => {
    const read = 'select n from things where id = $1';
    const seen = await db.transaction(async (tx) => {
      await tx.query('update things set n = $2 where id = $1', ['b', 20]);
      return (await tx.query(read, ['b'])).rows;
    });
    expect(seen).toEqual([{ n: 20 }]);
    await db
      .transaction(async (tx) => {
        await tx.query('update things set n = $2 where id = $1', ['b', 99]);
        throw new Error('no');
      })
      .catch(() => undefined);
    expect((await db.query(read, ['b'])).rows).toEqual([{ n: 20 }]);
  });

  it('answers every caller its own rows when statements, unnamed ones and transactions run together', async () => {
    // A text past the name table's length limit runs unnamed (PGlite's own query()).
    const unnamed = `select $1::int as n /* ${'x'.repeat(8_100)} */`;
    const calls = Array.from({ length: 120 }, async (_, i) => {
      if (i % 10 === 0)
        return db.transaction(async (tx) => {
          const each = await Promise.all([
            tx.query<{ n: number }>('select $1::int as n', [i]),
            tx.query<{ n: number }>('select $1::int + 0 as n', [i]),
            tx.query<{ n: number }>(unnamed, [i]),
          ]);
          return each.map((answer) => answer.rows[0]!.n);
        });
      if (i % 10 === 5) await db.exec('select 1');
      const text = i % 3 === 0 ? unnamed : 'select $1::int as n';
      return [(await db.query<{ n: number }>(text, [i])).rows[0]!.n];
    });
    const answers = await Promise.all(calls);
    answers.forEach((numbers, i) => {
      for (const n of numbers) expect(n).toBe(i);
    });
  });
});
