import { chmod, mkdir, unlink } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { isMemoryDataDir } from '../config.ts';

/**
 * The embedded database's folder has one owner (PGlite has no lock of its own, ADR 005): the
 * process that holds its control socket, `DATA_DIR/control.sock` (ADR 046). The server claims it
 * before it opens the database and answers backups on it; `npm run backup` and `npm run restore`
 * claim it too while they have the folder open, so a server started meanwhile refuses to start.
 * The socket is a file of mode 0600 in the data folder: only its owner's user can connect.
 */

/** What a client sends: one line naming the request. */
export const BACKUP_REQUEST = 'backup';

/**
 * What the owner answers first: one line of JSON. `ok` is followed by the gzipped dump until the
 * socket ends; otherwise the line says why not.
 */
export type ControlAnswer = { ok: true } | { ok: false; error: string };

/** Answers a connection's request; the socket is the owner's to end. */
type ControlHandler = (request: string, socket: net.Socket) => Promise<void>;

export interface ControlSocket {
  readonly path: string;
  /** From now on requests go to `handler` (before, each is told the owner is not ready). */
  answer(handler: ControlHandler): void;
  /** Stops listening, waits for the requests being answered, removes the socket file. */
  close(): Promise<void>;
}

/** Another process (a server, a backup, a restore) holds the data folder. */
class DataDirInUse extends Error {}

/** The longest path a Unix socket can have on Linux (`sun_path` is 108 bytes with its NUL). */
const MAX_SOCKET_PATH = 107;
/** A client that says nothing for this long is let go. */
const REQUEST_WITHIN_MS = 5_000;

export function controlSocketPath(dataDir: string): string {
  return path.join(dataDir, 'control.sock');
}

/**
 * Connects to the folder's owner: the socket when someone answers on it, null when nobody does
 * (no socket file, or one left by a process that was killed).
 */
export function connectToOwner(dataDir: string): Promise<net.Socket | null> {
  const socketPath = controlSocketPath(dataDir);
  return new Promise((resolve, reject) => {
    const socket = net.createConnection(socketPath);
    socket.once('connect', () => {
      socket.removeAllListeners('error');
      // Whoever reads the socket hears its errors; unheard, one would end the process.
      socket.on('error', () => socket.destroy());
      resolve(socket);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED') resolve(null);
      else reject(new Error(`Cannot reach ${socketPath}: ${error.message}`, { cause: error }));
    });
  });
}

/** Sends one answer line, and ends the socket when it is a refusal. */
export function sendAnswer(socket: net.Socket, answer: ControlAnswer): void {
  if (answer.ok) socket.write(`${JSON.stringify(answer)}\n`);
  else socket.end(`${JSON.stringify(answer)}\n`);
}

/**
 * Claims the embedded database's folder for this process. Null when there is no folder to own
 * (PostgreSQL, or `memory://`). Throws `DataDirInUse` when another process answers on the socket.
 */
export async function claimControlSocket(options: {
  databaseUrl?: string | undefined;
  dataDir: string;
}): Promise<ControlSocket | null> {
  if (options.databaseUrl || isMemoryDataDir(options.dataDir)) return null;
  const socketPath = controlSocketPath(path.resolve(options.dataDir));
  if (Buffer.byteLength(socketPath) > MAX_SOCKET_PATH) {
    throw new Error(
      `DATA_DIR is too long for its control socket (${socketPath} is over ${MAX_SOCKET_PATH} bytes): choose a shorter DATA_DIR`,
    );
  }
  await mkdir(options.dataDir, { recursive: true });
  const owner = await connectToOwner(options.dataDir);
  if (owner) {
    owner.destroy();
    throw new DataDirInUse(
      `Another process holds ${options.dataDir} (its control socket answers): a server, a backup or a restore`,
    );
  }
  // Left by a process that was killed: nobody answers on it, and listening needs the name free.
  await unlink(socketPath).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT') throw error;
  });
  return listen(socketPath);
}

async function listen(socketPath: string): Promise<ControlSocket> {
  let handler: ControlHandler = async (_request, socket) =>
    sendAnswer(socket, { ok: false, error: 'the data folder’s owner is starting or stopping' });
  const answering = new Set<Promise<void>>();
  /** Connections that have not said what they want yet: nothing to wait for when closing. */
  const waiting = new Set<net.Socket>();
  const open = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    // A client that goes away mid-answer must not end the process (an unheard 'error' would).
    socket.on('error', () => socket.destroy());
    open.add(socket);
    socket.once('close', () => open.delete(socket));
    waiting.add(socket);
    const work: Promise<void> = readRequest(socket)
      .then(async (request) => {
        waiting.delete(socket);
        if (request === null) socket.destroy();
        else await handler(request, socket);
      })
      .catch((error: unknown) => {
        if (!socket.destroyed) sendAnswer(socket, { ok: false, error: String(error) });
      })
      .finally(() => answering.delete(work));
    answering.add(work);
  });
  // Owner only, from the moment the file exists: the name is bound inside listen(), under this mask.
  const umask = process.umask(0o177);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', (error: NodeJS.ErrnoException) =>
        reject(
          error.code === 'EADDRINUSE'
            ? new DataDirInUse(`Another process claimed ${path.dirname(socketPath)} at the same moment`)
            : error,
        ),
      );
      server.listen(socketPath, () => resolve());
    });
  } finally {
    process.umask(umask);
  }
  await chmod(socketPath, 0o600);
  server.on('error', (error) => process.emitWarning(`control socket ${socketPath}: ${error.message}`));
  return {
    path: socketPath,
    answer(next) {
      handler = next;
    },
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of waiting) socket.destroy();
      await Promise.allSettled([...answering]);
      // An answer is complete once written; a client that keeps its end open holds nothing up.
      for (const socket of open) socket.destroy();
      await closed;
    },
  };
}

/** The first line a client sends (at most a few bytes), or null when it sends none in time. */
function readRequest(socket: net.Socket): Promise<string | null> {
  return new Promise((resolve) => {
    let received = '';
    const timer = setTimeout(() => finish(null), REQUEST_WITHIN_MS);
    const finish = (request: string | null) => {
      clearTimeout(timer);
      socket.removeListener('data', onData);
      socket.removeListener('end', onEnd);
      socket.removeListener('close', onEnd);
      socket.removeListener('error', onEnd);
      resolve(request);
    };
    const onData = (chunk: Buffer) => {
      received += chunk.toString('utf8');
      const newline = received.indexOf('\n');
      if (newline >= 0) finish(received.slice(0, newline).trim());
      else if (received.length > 256) finish(null);
    };
    const onEnd = () => finish(null);
    socket.on('data', onData);
    socket.once('end', onEnd);
    socket.once('close', onEnd);
    socket.once('error', onEnd);
  });
}
