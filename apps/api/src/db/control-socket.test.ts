import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  claimControlSocket,
  connectToOwner,
  controlSocketPath,
  type ControlSocket,
} from './control-socket.ts';

const folders: string[] = [];
const claims: ControlSocket[] = [];
afterEach(async () => {
  for (const claim of claims.splice(0)) await claim.close();
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
});

async function dataDir() {
  const made = await mkdtemp(path.join(tmpdir(), 'lynk-socket-'));
  folders.push(made);
  return made;
}

async function claim(dir: string) {
  const claimed = (await claimControlSocket({ dataDir: dir }))!;
  claims.push(claimed);
  return claimed;
}

describe('the data folder’s control socket', () => {
  it('has one owner: a second claim is refused while the first holds it', async () => {
    const dir = await dataDir();
    const first = await claim(dir);
    await expect(claimControlSocket({ dataDir: dir })).rejects.toThrow(/Another process holds/);
    await first.close();
    expect(existsSync(controlSocketPath(dir))).toBe(false);
    await claim(dir);
  });

  it('takes over a socket file nobody answers on, as a killed process leaves it', async () => {
    const dir = await dataDir();
    // A process listening on it killed: the file stays, nobody listens.
    const listening = `require('node:net').createServer().listen(${JSON.stringify(controlSocketPath(dir))}, () => console.log('up'))`;
    const killed = spawn(process.execPath, ['-e', listening], { stdio: ['ignore', 'pipe', 'inherit'] });
    await new Promise((resolve) => killed.stdout.once('data', resolve));
    killed.kill('SIGKILL');
    await new Promise((resolve) => killed.once('exit', resolve));
    expect(existsSync(controlSocketPath(dir))).toBe(true);
    expect(await connectToOwner(dir)).toBeNull();
    await claim(dir);
    expect(await connectToOwner(dir)).not.toBeNull();
  });

  it('is a socket only its owner’s user can use', async () => {
    const dir = await dataDir();
    await claim(dir);
    const socket = await stat(controlSocketPath(dir));
    expect(socket.isSocket()).toBe(true);
    expect(socket.mode & 0o777).toBe(0o600);
  });

  it('outlives a client that goes away in the middle of an answer', async () => {
    const dir = await dataDir();
    const owner = await claim(dir);
    let answered: () => void;
    const done = new Promise<void>((resolve) => (answered = resolve));
    owner.answer(async (_request, socket) => {
      for (let i = 0; i < 200 && !socket.destroyed; i++) {
        socket.write(Buffer.alloc(64 * 1024));
        await new Promise((resolve) => setTimeout(resolve, 1));
      }
      answered();
    });
    const client = (await connectToOwner(dir))!;
    client.write('backup\n');
    await new Promise((resolve) => client.once('data', resolve));
    client.destroy();
    await done;
    // Still answering.
    const next = await connectToOwner(dir);
    expect(next).not.toBeNull();
    next!.destroy();
  });
});
