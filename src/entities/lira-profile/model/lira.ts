import { attach, createEffect, createEvent, createStore, merge, sample } from 'effector';
import { chatOpened } from '@/entities/chat';
import { loggedOut, tokenRevoked } from '@/entities/session';
import {
  $subscription, createSubscription, cancelSubscription, deriveSubscription, fetchSubscriptionFx, loadSubscriptionFx, subscriptionExpired, subscriptionReceived,
  subscriptionReset, type DerivedSubscription,
} from '@/entities/subscription';
import { API_PATHS, api, errorMessage } from '@/shared/api';
import type { Preset } from '@/shared/api';
import { DEFAULT_EXTENSION_FORM, TRIAL_DAYS, TRIAL_PROMOCODE, type LiraSettableStatus } from '@/shared/api/contract/lira-rules';
import { modalOpened, notificationShown } from '@/shared/model';
import { createLiraProfile, fetchLiraProfile, putLiraStatus, saveLiraExtension, updateLiraProfile } from '../api/requests';
import { extensionFromServer, extensionToPayload, pruneExtension, resetExtensionForPreset, sameExtension } from '../lib/extension';
import { choosePreset, emptyForm, formFromPreset, formToPayload, payloadToForm } from '../lib/form';
import { statusAfterCancel, statusAfterStart, statusAfterToggle, statusButtonAction, statusOnLoad } from '../lib/status';
import type { ExtensionForm, ExtensionPayload, LiraForm, LiraProfile, LiraProfilePayload, LiraStatus } from './types';

/** Spec §8: shown when the selection cannot start for want of a valid subscription. */
export const SUBSCRIPTION_ERROR = 'Ошибка оформления подписки';

// ---- inputs ----
/** (Re)load the profile and subscription for the current user and city. */
export const liraLoadRequested = createEvent<{ cityKladr: number; hasMetro: boolean; templateId?: number | null }>();
export const liraReset = createEvent();
/** Read the profile and subscription again with the last city (e.g. the bot was started). */
export const liraRefreshRequested = createEvent();
/** Re-read only the profile's status and the subscription (the page waits for START to end): the forms are left alone. */
export const liraStatusRefreshRequested = createEvent();
/** LIRA_CREATION finished: create the profile, start the trial, start the selection. */
export const profileCreationSubmitted = createEvent<LiraForm>();
/** After a trial or a confirmed payment. */
export const selectionStartRequested = createEvent();
/** The launch toggle asks for a status. */
export const statusChangeRequested = createEvent<LiraSettableStatus>();
export const subscriptionCancelConfirmed = createEvent();
export const statusButtonClicked = createEvent();
export const messengerConnectionKnown = createEvent<boolean>();
export const presetChosen = createEvent<{ preset: Preset; hasMetro: boolean }>();
export const profileUpdateSubmitted = createEvent<LiraForm>();
export const extensionSubmitted = createEvent<ExtensionForm>();

// ---- outputs ----
/** STOP/REJECTED with the messenger not connected: the page opens the auth modal in 'resubscribe' mode. */
export const resubscribeRequired = createEvent();
/** Something changed what the agent suggests: lists and the map should be read again. */
export const variantsReloadRequired = createEvent();
/** The selection started (trial or payment): the creation chat may close. */
export const selectionStarted = createEvent<LiraStatus>();

// ---- effects ----
export const fetchLiraProfileFx = createEffect((): Promise<LiraProfile | null> => fetchLiraProfile());
export const fetchAiPresetsFx = createEffect(async (cityKladr: number): Promise<Preset[]> => {
  const presets = await api.get<Preset[]>(API_PATHS.SELECTION_PRESET, { query: { type: 'AI_AGENT', cityKladr } });
  return [...presets].sort((a, b) => a.template.priority - b.template.priority);
});
export const createProfileFx = createEffect((payload: LiraProfilePayload): Promise<LiraProfile> => createLiraProfile(payload));
export const updateProfileFx = createEffect((payload: LiraProfilePayload): Promise<LiraProfile> => updateLiraProfile(payload));
export const saveExtensionFx = createEffect(async (payload: ExtensionPayload): Promise<ExtensionPayload> => (await saveLiraExtension(payload), payload));
export const putStatusFx = createEffect(async (status: LiraSettableStatus): Promise<LiraSettableStatus> => (await putLiraStatus(status), status));
export const startTrialFx = createEffect(() => createSubscription({ promocode: TRIAL_PROMOCODE, days: TRIAL_DAYS }));
export const deleteSubscriptionFx = createEffect(() => cancelSubscription());

/** Reads the subscription without applying it: the caller applies it once it knows the read is still current. */
const readSubscription = async (): Promise<DerivedSubscription | null> => {
  const raw = await fetchSubscriptionFx();
  return raw ? deriveSubscription(raw, Date.now()) : null;
};

interface LoadParams {
  cityKladr: number;
  hasMetro: boolean;
  templateId?: number | null;
}
interface Loaded {
  /** The load sequence number this result answers (see $loadSeq). */
  seq: number;
  profile: LiraProfile | null;
  subscription: DerivedSubscription | null;
  preset: Preset | null;
  cityKladr: number;
  hasMetro: boolean;
}
export const loadLiraFx = createEffect(async (p: LoadParams & { seq: number }): Promise<Loaded> => {
  const [profile, subscription] = await Promise.all([fetchLiraProfileFx(), readSubscription()]);
  // Without a profile the forms start from the city's preset (spec §4 "Profile status on load").
  const preset = profile ? null : choosePreset(await fetchAiPresetsFx(p.cityKladr).catch(() => []), p.templateId);
  return { seq: p.seq, profile, subscription, preset, cityKladr: p.cityKladr, hasMetro: p.hasMetro };
});
export const refreshStatusFx = createEffect(async (seq: number) => {
  const [profile, subscription] = await Promise.all([fetchLiraProfileFx(), readSubscription()]);
  return { seq, profile, subscription };
});

// ---- state ----
export const $liraStatus = createStore<LiraStatus>('NOT_CREATED');
export const $liraProfile = createStore<LiraProfile | null>(null);
export const $liraForm = createStore<LiraForm>(emptyForm([]));
export const $extension = createStore<ExtensionForm>({ ...DEFAULT_EXTENSION_FORM });
/** The extension payload the server holds, to save only what differs. */
export const $savedExtension = createStore<ExtensionPayload | null>(null);
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
const loaded = sample({ clock: loadLiraFx.doneData, source: $loadSeq, filter: (seq, result) => result.seq === seq, fn: (_, result) => result });
// A status-only refresh answers the current number; a reset or a newer full load makes it stale.
sample({ clock: liraStatusRefreshRequested, source: $loadSeq, target: refreshStatusFx });
const refreshed = sample({ clock: refreshStatusFx.doneData, source: $loadSeq, filter: (seq, result) => result.seq === seq, fn: (_, result) => result });
sample({ clock: [loaded, refreshed], fn: ({ subscription }) => subscription, target: subscriptionReceived });
sample({ clock: liraReset, target: subscriptionReset });
// Spec §4 Session "Downgrade": logging out resets the LIRA profile.
sample({ clock: [loggedOut, tokenRevoked], target: liraReset });
for (const store of [$liraStatus, $liraProfile, $liraForm, $extension, $savedExtension, $profileInitialised, $messengerConnected] as const) store.reset(liraReset);

sample({
  clock: [loaded, refreshed],
  fn: ({ profile, subscription }) => statusOnLoad(profile?.status ?? null, subscription?.status ?? null),
  target: $liraStatus,
});
sample({ clock: [loaded, refreshed], fn: ({ profile }) => profile, target: $liraProfile });
// Only a full load sets the forms: a status refresh must not replace what the settings show.
sample({
  clock: loaded,
  fn: ({ profile, preset, cityKladr, hasMetro }) => (profile ? payloadToForm(profile) : preset ? formFromPreset(preset, hasMetro) : emptyForm([cityKladr])),
  target: $liraForm,
});
sample({ clock: loaded, fn: ({ profile }) => extensionFromServer(profile?.settings), target: $extension });
sample({ clock: loaded, fn: ({ profile }) => profile?.settings ?? null, target: $savedExtension });
$profileInitialised.on(loaded, () => true);

// Spec §2: LIRA_SWITCH of a profile not yet created opens the guided creation instead.
sample({
  clock: chatOpened,
  source: { status: $liraStatus, ready: $profileInitialised },
  filter: ({ status, ready }, view) => view === 'LIRA_SWITCH' && ready && status === 'NOT_CREATED',
  fn: () => 'LIRA_CREATION' as const,
  target: chatOpened,
});

// ---- create → NOT_PAID → trial → start (spec §4 "Create profile") ----
sample({ clock: profileCreationSubmitted, fn: formToPayload, target: createProfileFx });
sample({ clock: profileCreationSubmitted, target: $liraForm });
$liraProfile.on(createProfileFx.doneData, (_, profile) => profile);
$liraStatus.on(createProfileFx.done, () => 'NOT_PAID');
$savedExtension.on(createProfileFx.doneData, (_, profile) => profile.settings ?? null);
$extension.on(createProfileFx.doneData, (_, profile) => extensionFromServer(profile.settings));
/**
 * The trial promocode is accepted once per user: when a valid subscription already exists (a retry after the trial
 * went through but the start failed), the selection starts without it.
 */
export const trialOrStartFx = createEffect(async (): Promise<void> => {
  const subscription = await loadSubscriptionFx();
  if (subscription?.status === 'ACTIVE' || subscription?.status === 'CANCELLED') return;
  await startTrialFx();
});
sample({ clock: createProfileFx.done, target: trialOrStartFx });
sample({ clock: trialOrStartFx.done, target: selectionStartRequested });

// ---- start selection (spec §4) ----
export const startSelectionFx = attach({
  source: $liraStatus,
  effect: createEffect(async (current: LiraStatus): Promise<LiraStatus> => {
    const subscription = await loadSubscriptionFx();
    const next = statusAfterStart(current, subscription?.status ?? null);
    if (!next) throw new Error(SUBSCRIPTION_ERROR);
    await putStatusFx(next);
    return next;
  }),
});
sample({ clock: selectionStartRequested, target: startSelectionFx });
$liraStatus.on(startSelectionFx.doneData, (_, status) => status);
sample({ clock: startSelectionFx.doneData, target: [selectionStarted, variantsReloadRequired] });

// ---- toggle (spec §4 "Change status") ----
export const changeStatusFx = attach({
  source: $subscription,
  effect: createEffect(async ({ subscription, requested }: { subscription: DerivedSubscription | null; requested: LiraSettableStatus }) => {
    await putStatusFx(requested);
    return statusAfterToggle(requested, subscription?.status ?? null);
  }),
  mapParams: (requested: LiraSettableStatus, subscription) => ({ subscription, requested }),
});
sample({ clock: statusChangeRequested, target: changeStatusFx });
$liraStatus.on(changeStatusFx.doneData, (_, status) => status);
sample({ clock: changeStatusFx.done, target: variantsReloadRequired });

// ---- cancel subscription (spec §4) ----
export const cancelSubscriptionFx = attach({
  source: $liraStatus,
  effect: createEffect(async (current: LiraStatus): Promise<LiraStatus> => {
    await deleteSubscriptionFx();
    await loadSubscriptionFx();
    return statusAfterCancel(current);
  }),
});
sample({ clock: subscriptionCancelConfirmed, target: cancelSubscriptionFx });
$liraStatus.on(cancelSubscriptionFx.doneData, (_, status) => status);

// The 1-day timer found the subscription over (spec §4).
$liraStatus.on(subscriptionExpired, (status) => (status === 'NOT_CREATED' ? status : 'EXPIRED'));

// ---- status button (spec §4) ----
// Before the profile has loaded the status is only the NOT_CREATED default: the button means nothing yet.
const action = sample({
  clock: statusButtonClicked,
  source: { status: $liraStatus, connected: $messengerConnected, ready: $profileInitialised },
  filter: ({ ready }) => ready,
  fn: ({ status, connected }) => statusButtonAction(status, connected),
});
sample({ clock: action, filter: (a) => a === 'open-creation', fn: () => 'LIRA_CREATION' as const, target: chatOpened });
sample({ clock: action, filter: (a) => a === 'stop', fn: () => 'STOP' as const, target: statusChangeRequested });
sample({ clock: action, filter: (a) => a === 'resume', fn: () => 'ACTIVE' as const, target: statusChangeRequested });
sample({ clock: action, filter: (a) => a === 'resubscribe', target: resubscribeRequired });
sample({ clock: action, filter: (a) => a === 'pay', fn: () => ({ id: 'recurrentPayment' as const }), target: modalOpened });

// ---- preset change (spec §4): only for a created and paid profile ----
interface Edited {
  form: LiraForm;
  ext: ExtensionForm;
}
/** Saves the profile, then resets the alternatives: no extra districts or metro, adjacent rooms. */
export const presetChangeFx = createEffect(async ({ form, ext }: Edited): Promise<Edited> => {
  await updateProfileFx(formToPayload(form));
  const reset = resetExtensionForPreset(ext, form);
  await saveExtensionFx(extensionToPayload(reset, form));
  return { form, ext: reset };
});
sample({
  clock: presetChosen,
  source: { status: $liraStatus, form: $liraForm, ext: $extension },
  filter: ({ status }) => status !== 'NOT_CREATED' && status !== 'NOT_PAID',
  fn: ({ form, ext }, { preset, hasMetro }) => ({ form: formFromPreset(preset, hasMetro, form), ext }),
  target: presetChangeFx,
});

// ---- profile update (spec §4): prune overlapping alternatives, save them only if they differ ----
export const profileUpdateFx = createEffect(async ({ form, ext, saved }: Edited & { saved: ExtensionPayload | null }): Promise<Edited> => {
  await updateProfileFx(formToPayload(form));
  const pruned = pruneExtension(ext, form);
  const payload = extensionToPayload(pruned, form);
  if (!saved || !sameExtension(payload, saved)) await saveExtensionFx(payload);
  return { form, ext: pruned };
});
sample({
  clock: profileUpdateSubmitted,
  source: { ext: $extension, saved: $savedExtension },
  fn: ({ ext, saved }, form) => ({ form, ext, saved }),
  target: profileUpdateFx,
});

// ---- alternatives (LIRA_ALTERNATIVE) ----
export const extensionSaveFx = createEffect(async ({ form, ext }: Edited): Promise<Edited> => {
  await saveExtensionFx(extensionToPayload(ext, form));
  return { form, ext };
});
sample({ clock: extensionSubmitted, source: $liraForm, fn: (form, ext) => ({ form, ext }), target: extensionSaveFx });

const edited = sample({ clock: [presetChangeFx.doneData, profileUpdateFx.doneData, extensionSaveFx.doneData] });
/** Counts the user's own successful saves: a settings form in edit takes the stored values again only after one. */
export const $settingsSaveCount = createStore(0, { serialize: 'ignore' }).on(edited, (n) => n + 1);
sample({ clock: edited, fn: ({ form }) => form, target: $liraForm });
sample({ clock: edited, fn: ({ ext }) => ext, target: $extension });
$savedExtension.on(saveExtensionFx.doneData, (_, payload) => payload);
$liraProfile.on(updateProfileFx.doneData, (_, profile) => profile);
sample({ clock: edited, target: variantsReloadRequired });

// ---- errors: the server's message as a toast; the start error as spec §8 says ----
sample({ clock: startSelectionFx.failData, fn: (error) => ({ text: error.message === SUBSCRIPTION_ERROR ? SUBSCRIPTION_ERROR : `${SUBSCRIPTION_ERROR}: ${errorMessage(error)}` }), target: notificationShown });
const failures: Array<[{ failData: import('effector').Event<unknown> }, string]> = [
  [createProfileFx, 'Не удалось сохранить профиль'],
  [startTrialFx, 'Не удалось подключить пробный период'],
  [changeStatusFx, 'Не удалось изменить статус подбора'],
  [cancelSubscriptionFx, 'Не удалось отменить подписку'],
  [presetChangeFx, 'Не удалось выбрать подборку'],
  [profileUpdateFx, 'Не удалось сохранить настройки'],
  [extensionSaveFx, 'Не удалось сохранить настройки альтернатив'],
];
for (const [fx, prefix] of failures) sample({ clock: fx.failData, fn: (error) => ({ text: `${prefix}: ${errorMessage(error)}` }), target: notificationShown });
