import { CLIENT_CONFIG_ELEMENT_ID, type ClientConfig } from '@kvarta/contract/client-config';

let read: ClientConfig | null = null;

/**
 * The outside services' public settings the server handed this page (server/http/client-config.ts). Empty on the server
 * and without settings: then nothing outside is loaded. Components read it only after their first render, so a
 * server-rendered page hydrates the same tree either way.
 */
export function outsideServices(): ClientConfig {
  if (read) return read;
  if (typeof document === 'undefined') return {};
  try {
    read = JSON.parse(document.getElementById(CLIENT_CONFIG_ELEMENT_ID)?.textContent || '{}') as ClientConfig;
  } catch {
    read = {};
  }
  return read;
}
