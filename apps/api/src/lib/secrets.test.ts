import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSecrets } from './secrets.ts';

describe('generated secrets', () => {
  it('include a 32-byte session encryption key, kept across restarts in a 0600 file', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'lynk-secrets-'));
    try {
      const first = await loadSecrets(dir);
      expect(Buffer.from(first.sessionEncryptionKey, 'base64url')).toHaveLength(32);
      expect((await loadSecrets(dir)).sessionEncryptionKey).toBe(first.sessionEncryptionKey);
      expect((await stat(path.join(dir, 'secrets.json'))).mode & 0o777).toBe(0o600);
    } finally {
      await rm(dir, { recursive: true });
    }
  });

  it('adds the key to a secrets file written before tokens were encrypted, keeping the rest', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'lynk-secrets-'));
    try {
      const file = path.join(dir, 'secrets.json');
      const { sessionEncryptionKey: _dropped, ...older } = await loadSecrets('memory://');
      await writeFile(file, JSON.stringify(older), { mode: 0o600 });
      const loaded = await loadSecrets(dir);
      expect(loaded.sessionSecret).toBe(older.sessionSecret);
      expect(Buffer.from(loaded.sessionEncryptionKey, 'base64url')).toHaveLength(32);
      expect(JSON.parse(await readFile(file, 'utf8')).sessionEncryptionKey).toBe(loaded.sessionEncryptionKey);
    } finally {
      await rm(dir, { recursive: true });
    }
  });

  it('are the same for instances of a fleet starting together on one folder, and no draft is left', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'lynk-secrets-'));
    try {
      const fleet = await Promise.all(Array.from({ length: 8 }, () => loadSecrets(dir)));
      const stored = JSON.parse(await readFile(path.join(dir, 'secrets.json'), 'utf8'));
      for (const secrets of fleet) expect(secrets).toEqual(stored);
      expect(await readdir(dir)).toEqual(['secrets.json']);
    } finally {
      await rm(dir, { recursive: true });
    }
  });
});
