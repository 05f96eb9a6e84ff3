import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { DEMO_PAYEE_COUNT, INACTIVE_DEMO_PAYEE, SAMPLE_DEMO_PAYEES, seedDemoPayees } from './demo-payees.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const directory = () =>
  t.database.db
    .selectFrom('payee_directory')
    .select(['handle', 'active', 'profile_type'])
    .where('handle', 'like', '%')
    .execute();

describe('demo payees', () => {
  it('is part of the demo seed: a few hundred wallet users, one inactive, seeded once', async () => {
    expect(DEMO_PAYEE_COUNT).toBe(300);
    const after = await directory();
    const people = after.filter(
      (row) => row.profile_type === 'CONSUMER' && /^@[a-z]+\.[a-z]+$/.test(row.handle),
    );
    expect(people.length).toBeGreaterThanOrEqual(DEMO_PAYEE_COUNT);
    const byHandle = new Map(after.map((row) => [row.handle, row]));
    for (const handle of SAMPLE_DEMO_PAYEES) expect(byHandle.get(handle)).toMatchObject({ active: true });
    expect(byHandle.get(INACTIVE_DEMO_PAYEE)).toMatchObject({ active: false, profile_type: 'CONSUMER' });
    expect(byHandle.get('@bmc.montego')).toMatchObject({ active: true, profile_type: 'MERCHANT' });
    const names = await sql<{ display_name: string }>`
      select display_name from consumers where handle = ${SAMPLE_DEMO_PAYEES[0]}
    `.execute(t.database.db);
    expect(names.rows[0]!.display_name).toBe('Marcia Campbell');

    expect(await seedDemoPayees(t.database.db, async () => 'scrypt$demo')).toBe(false);
    expect((await directory()).length).toBe(after.length);
  });
});
