import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import type { Queryable } from '../core/database';
import { serverSecrets } from './schema';

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
  await db.orm.insert(serverSecrets).values({ name: NAME, value: candidate }).onConflictDoNothing({ target: serverSecrets.name });
  const rows = await db.orm.select({ value: serverSecrets.value }).from(serverSecrets).where(eq(serverSecrets.name, NAME));
  return new TextEncoder().encode(rows[0]!.value);
}
