/**
 * The server's memory budget (ADR 031): V8 otherwise lets its heap grow towards a limit set by the
 * machine's memory before collecting in earnest, so a 400,000-payee batch whose live data is under
 * 100 MB took the process past 700 MB of RSS in garbage. `npm start` runs the server with these
 * flags (a test holds its script to them) and the benchmarks start their servers with them.
 */
export const SERVER_NODE_FLAGS = ['--max-old-space-size=128', '--max-semi-space-size=4'];
