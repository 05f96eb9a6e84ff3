import { randomBytes, generateKeyPairSync } from 'node:crypto';
import { link, mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { JWK } from 'jose';
import { isMemoryDataDir } from '../config.ts';

export interface Secrets {
  sessionSecret: string;
  /** Secret of the portal's own client at the embedded provider. */
  oidcClientSecret: string;
  /** Private RSA signing key of the embedded provider (RS256). */
  signingKey: JWK;
  /** Keys that sign the embedded provider's own cookies. */
  providerCookieKeys: string[];
  /** 32 random bytes (base64url): the AES-256-GCM key of the tokens kept in `sessions`. */
  sessionEncryptionKey: string;
}

function generate(): Secrets {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = privateKey.export({ format: 'jwk' }) as JWK;
  return {
    sessionSecret: randomBytes(32).toString('base64url'),
    oidcClientSecret: randomBytes(32).toString('base64url'),
    signingKey: { ...jwk, kid: randomBytes(8).toString('hex'), alg: 'RS256', use: 'sig' },
    providerCookieKeys: [randomBytes(32).toString('base64url')],
    sessionEncryptionKey: newEncryptionKey(),
  };
}

function newEncryptionKey(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Secrets a fresh install needs but nobody configured are generated once and kept in the data
 * folder (mode 0600), so restarts keep sessions and tokens valid. In-memory runs get fresh ones.
 */
export async function loadSecrets(dataDir: string): Promise<Secrets> {
  if (isMemoryDataDir(dataDir)) return generate();
  const file = path.join(dataDir, 'secrets.json');
  try {
    const stored = JSON.parse(await readFile(file, 'utf8')) as Secrets;
    // Installs from before tokens were encrypted at rest get their key now, kept with the rest.
    if (!stored.sessionEncryptionKey) {
      stored.sessionEncryptionKey = newEncryptionKey();
      await writeFile(file, JSON.stringify(stored), { mode: 0o600 });
    }
    return stored;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const secrets = generate();
  await mkdir(dataDir, { recursive: true });
  // The instances of a fleet sharing one folder may start together: each writes its secrets whole
  // under a name of its own and links them into place; the link fails for all but the first,
  // and the others read the first's. Nobody ever reads a half-written file.
  const draft = `${file}.${randomBytes(6).toString('hex')}`;
  await writeFile(draft, JSON.stringify(secrets), { mode: 0o600, flag: 'wx' });
  try {
    await link(draft, file);
    return secrets;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return JSON.parse(await readFile(file, 'utf8')) as Secrets;
  } finally {
    await unlink(draft);
  }
}
