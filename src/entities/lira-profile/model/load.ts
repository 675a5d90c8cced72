import { createEffect, createEvent, createStore, merge, sample } from 'effector';
import { loggedOut, tokenRevoked } from '@/entities/session';
import {
  deriveSubscription,
  fetchSubscriptionFx,
  subscriptionReceived,
  subscriptionReset,
  type DerivedSubscription,
} from '@/entities/subscription';
import { api } from '@/shared/api';
import type { Preset } from '@/shared/api';
import { fetchLiraProfile } from '../api/requests';
import { choosePreset } from '../lib/form';
import { statusOnLoad } from '../lib/status';
import type { LiraProfile, LiraStatus } from './types';

/** (Re)load the profile and subscription for the current user and city. */
export const liraLoadRequested = createEvent<LoadParams>();
export const liraReset = createEvent();
/** Read the profile and subscription again with the last city (e.g. the bot was started). */
export const liraRefreshRequested = createEvent();
/** Re-read only the profile's status and the subscription (the page waits for START to end): the forms are left alone. */
export const liraStatusRefreshRequested = createEvent();
export const messengerConnectionKnown = createEvent<boolean>();

export interface LoadParams {
  cityKladr: number;
  hasMetro: boolean;
  templateId?: number | null;
}
/** What a full load found: the profile, or the preset the forms start from without one. */
export interface LiraLoaded {
  /** The load sequence number this result answers (see $loadSeq). */
  seq: number;
  profile: LiraProfile | null;
  subscription: DerivedSubscription | null;
  preset: Preset | null;
  cityKladr: number;
  hasMetro: boolean;
}

export const fetchLiraProfileFx = createEffect((): Promise<LiraProfile | null> => fetchLiraProfile());
export const fetchAiPresetsFx = createEffect(async (cityKladr: number): Promise<Preset[]> => {
  const presets = await api.call('presetList', { query: { type: 'AI_AGENT', cityKladr } });
  return [...presets].sort((a, b) => a.template.priority - b.template.priority);
});

/** Reads the subscription without applying it: the caller applies it once it knows the read is still current. */
const readSubscription = async (): Promise<DerivedSubscription | null> => {
  const raw = await fetchSubscriptionFx();
  return raw ? deriveSubscription(raw, Date.now()) : null;
};
export const loadLiraFx = createEffect(async (p: LoadParams & { seq: number }): Promise<LiraLoaded> => {
  const [profile, subscription] = await Promise.all([fetchLiraProfileFx(), readSubscription()]);
  // Without a profile the forms start from the city's preset (spec §4 "Profile status on load").
  const preset = profile ? null : choosePreset(await fetchAiPresetsFx(p.cityKladr).catch(() => []), p.templateId);
  return { seq: p.seq, profile, subscription, preset, cityKladr: p.cityKladr, hasMetro: p.hasMetro };
});
export const refreshStatusFx = createEffect(async (seq: number) => {
  const [profile, subscription] = await Promise.all([fetchLiraProfileFx(), readSubscription()]);
  return { seq, profile, subscription };
});

export const $liraStatus = createStore<LiraStatus>('NOT_CREATED');
export const $liraProfile = createStore<LiraProfile | null>(null);
export const $profileInitialised = createStore(false);
export const $messengerConnected = createStore(false).on(messengerConnectionKnown, (_, v) => v);

const $lastLoad = createStore<LoadParams | null>(null, { serialize: 'ignore' }).on(liraLoadRequested, (_, p) => p);
/**
 * Bumped by every load request and by every reset: a result answering an older number is dropped, so a load in
 * flight across a logout cannot write the previous user's profile and subscription back.
 */
const $loadSeq = createStore(0, { serialize: 'ignore' });
const loadWanted = merge([liraLoadRequested, sample({ clock: liraRefreshRequested, source: $lastLoad, filter: Boolean })]);
const loadStarted = sample({ clock: loadWanted, source: $loadSeq, fn: (seq, p) => ({ ...p, seq: seq + 1 }) });
$loadSeq.on(loadStarted, (_, { seq }) => seq).on(liraReset, (seq) => seq + 1);
sample({ clock: loadStarted, target: loadLiraFx });
/** A full load that is still current: the forms take their values from it (see ./form.ts). */
export const liraLoaded = sample({
  clock: loadLiraFx.doneData,
  source: $loadSeq,
  filter: (seq, result) => result.seq === seq,
  fn: (_, result) => result,
});
// A status-only refresh answers the current number; a reset or a newer full load makes it stale.
sample({ clock: liraStatusRefreshRequested, source: $loadSeq, target: refreshStatusFx });
const refreshed = sample({
  clock: refreshStatusFx.doneData,
  source: $loadSeq,
  filter: (seq, result) => result.seq === seq,
  fn: (_, result) => result,
});
sample({ clock: [liraLoaded, refreshed], fn: ({ subscription }) => subscription, target: subscriptionReceived });
sample({ clock: liraReset, target: subscriptionReset });
// Spec §4 Session "Downgrade": logging out resets the LIRA profile.
sample({ clock: [loggedOut, tokenRevoked], target: liraReset });
for (const $store of [$liraStatus, $liraProfile, $profileInitialised, $messengerConnected] as const) $store.reset(liraReset);

sample({
  clock: [liraLoaded, refreshed],
  fn: ({ profile, subscription }) => statusOnLoad(profile?.status ?? null, subscription?.status ?? null),
  target: $liraStatus,
});
sample({ clock: [liraLoaded, refreshed], fn: ({ profile }) => profile, target: $liraProfile });
$profileInitialised.on(liraLoaded, () => true);
/** The last full load failed (the server did not answer): the page says so and offers another try. */
export const $profileLoadFailed = createStore(false)
  .on(loadLiraFx.fail, () => true)
  .on(loadLiraFx, () => false)
  .reset(liraReset);
