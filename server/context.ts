import type { Authenticator } from './auth/session';
import type { TokenService } from './auth/tokens';
import type { ServerConfig } from './config';
import type { Database } from './db/connection';

/** What route modules need; built once in app.ts. */
export interface AppContext {
  db: Database;
  tokens: TokenService;
  auth: Authenticator;
  env: ServerConfig['env'];
  startedAt: number;
}
