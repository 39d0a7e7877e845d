// Forward-only schema migrations, applied in order and recorded in schema_migrations.
import type { Db } from './db';

export interface Migration {
  id: string;
  sql: string;
}

export async function migrate(db: Db, migrations: readonly Migration[]): Promise<string[]> {
  await db.query(`CREATE TABLE IF NOT EXISTS schema_migrations (id text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`);
  const applied = new Set((await db.query<{ id: string }>('SELECT id FROM schema_migrations')).rows.map((r) => r.id));
  const ran: string[] = [];
  for (const migration of migrations) {
    if (applied.has(migration.id)) continue;
    await db.transaction(async (tx) => {
      await tx.query(migration.sql);
      await tx.query('INSERT INTO schema_migrations (id) VALUES ($1) ON CONFLICT DO NOTHING', [migration.id]);
    });
    ran.push(migration.id);
  }
  return ran;
}
