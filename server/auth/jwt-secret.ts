import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import type { Queryable } from '../core/database';

const NAME = 'jwt';

/**
 * The signing key shared by every instance on this database: JWT_SECRET when set; otherwise the
 * one kept in `server_secrets`, created by the first instance (ON CONFLICT makes a race harmless:
 * the loser reads the winner's). A per-instance key would make one server refuse another's tokens.
 */
export async function resolveJwtSecret(db: Queryable, fromEnv: Uint8Array | undefined, legacyFile?: string): Promise<Uint8Array> {
  if (fromEnv) return fromEnv;
  // Older versions kept the key in DATA_DIR/jwt-secret; adopting it keeps their sessions valid.
  const legacy = legacyFile && existsSync(legacyFile) ? readFileSync(legacyFile, 'utf8').trim() : '';
  const candidate = legacy.length >= 32 ? legacy : randomBytes(48).toString('base64url');
  await db.query('INSERT INTO server_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [NAME, candidate]);
  const { rows } = await db.query<{ value: string }>('SELECT value FROM server_secrets WHERE name = $1', [NAME]);
  return new TextEncoder().encode(rows[0]!.value);
}
