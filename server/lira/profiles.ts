import { DEFAULT_EXTENSION_FORM, adjacentRooms, extensionPayload } from '@kvarta/contract/lira-rules';
import type { ExtensionPayload, LiraProfile, LiraProfilePayload } from '@kvarta/contract/lira';
import { DEFAULT_MORTGAGE_INFO } from '@kvarta/contract/selection';
import type { Queryable } from '../core/database';
import { findLiraProfile, insertLiraProfile, updateLiraProfile, type StoredProfile } from './repository';

export { findLiraProfile, runningProfiles, setLiraStatus, type StoredProfile } from './repository';

export const profileView = (p: StoredProfile): LiraProfile => ({
  filters: p.payload.filters,
  portraitId: p.payload.portraitId,
  wishGroups: p.payload.wishGroups,
  // Profiles saved before the mortgage existed have none: the spec's defaults.
  mortgageInfo: p.payload.mortgageInfo ?? DEFAULT_MORTGAGE_INFO,
  status: p.status,
  settings: p.settings,
  createdAt: p.createdAt.toISOString(),
  updatedAt: p.updatedAt.toISOString(),
});

/** Spec §3 defaults of the extension, with the rooms next to the chosen ones (spec §4 "Preset change"). */
export function defaultSettings(payload: LiraProfilePayload): ExtensionPayload {
  const form = { ...DEFAULT_EXTENSION_FORM, extendRoomsAmountWith: adjacentRooms(payload.filters.roomsCntForFilter) };
  return extensionPayload(form, payload.filters);
}

/** Creates the profile (status NOT_PAID, default extension) or replaces its payload, keeping status and settings. */
export async function saveLiraProfile(
  db: Queryable,
  userId: number,
  payload: LiraProfilePayload,
  now: Date,
): Promise<{ profile: StoredProfile; created: boolean; changed: boolean }> {
  const existing = await findLiraProfile(db, userId);
  if (!existing)
    return { profile: await insertLiraProfile(db, userId, payload, defaultSettings(payload), now), created: true, changed: true };
  // jsonb keeps keys in its own order, so only the database can tell whether the payload differs.
  const updated = await updateLiraProfile(db, userId, { payload }, now);
  return updated ? { profile: updated, created: false, changed: true } : { profile: existing, created: false, changed: false };
}

export async function saveLiraSettings(
  db: Queryable,
  userId: number,
  settings: ExtensionPayload,
  now: Date,
): Promise<{ profile: StoredProfile; changed: boolean } | null> {
  const existing = await findLiraProfile(db, userId);
  if (!existing) return null;
  const updated = await updateLiraProfile(db, userId, { settings }, now);
  return updated ? { profile: updated, changed: true } : { profile: existing, changed: false };
}
