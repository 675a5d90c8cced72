import { createEffect, createEvent, sample } from 'effector';
import {
  $extension,
  $liraForm,
  $liraProfile,
  $liraStatus,
  $profileInitialised,
  $savedExtension,
  extensionFromServer,
  formToPayload,
  selectionStartRequested,
  selectionStarted,
  createLiraProfile,
  type LiraForm,
  type LiraProfile,
  type LiraProfilePayload,
} from '@/entities/lira-profile';
import { createSubscription, loadSubscriptionFx } from '@/entities/subscription';
import { TRIAL_DAYS, TRIAL_PROMOCODE } from '@kvarta/contract/lira-rules';
import { $drawer, drawerClosed, drawerViewRequested, failureToasts } from '@/shared/model';
import { goalReachedFx } from '@/shared/outside';

/** LIRA_CREATION finished: create the profile, start the trial, start the selection (spec §4 "Create profile"). */
export const profileCreationSubmitted = createEvent<LiraForm>();

export const createProfileFx = createEffect((payload: LiraProfilePayload): Promise<LiraProfile> => createLiraProfile(payload));
export const startTrialFx = createEffect(() => createSubscription({ promocode: TRIAL_PROMOCODE, days: TRIAL_DAYS }));
/**
 * The trial promocode is accepted once per user: when a valid subscription already exists (a retry after the trial
 * went through but the start failed), the selection starts without it.
 */
export const trialOrStartFx = createEffect(async (): Promise<void> => {
  const subscription = await loadSubscriptionFx();
  if (subscription?.status === 'ACTIVE' || subscription?.status === 'CANCELLED') return;
  await startTrialFx();
});

// Spec §2: LIRA_SWITCH of a profile not yet created opens the guided creation instead.
sample({
  clock: drawerViewRequested,
  source: { status: $liraStatus, ready: $profileInitialised },
  filter: ({ status, ready }, view) => view === 'LIRA_SWITCH' && ready && status === 'NOT_CREATED',
  fn: () => 'LIRA_CREATION' as const,
  target: drawerViewRequested,
});

// ---- create → NOT_PAID → trial → start ----
sample({ clock: profileCreationSubmitted, fn: formToPayload, target: createProfileFx });
sample({ clock: profileCreationSubmitted, target: $liraForm });
$liraProfile.on(createProfileFx.doneData, (_, profile) => profile);
$liraStatus.on(createProfileFx.done, () => 'NOT_PAID');
$savedExtension.on(createProfileFx.doneData, (_, profile) => profile.settings ?? null);
$extension.on(createProfileFx.doneData, (_, profile) => extensionFromServer(profile.settings));
sample({ clock: createProfileFx.done, target: trialOrStartFx });
sample({ clock: trialOrStartFx.done, target: selectionStartRequested });

// The guided setup ends when the selection starts: the chat closes and the page shows the agent at work.
sample({
  clock: selectionStarted,
  source: $drawer,
  filter: (drawer) => drawer.isOpen && drawer.view === 'LIRA_CREATION',
  target: drawerClosed,
});

failureToasts(createProfileFx.failData, 'Не удалось сохранить профиль');
failureToasts(startTrialFx.failData, 'Не удалось подключить пробный период');

// Analytics goals: the AI search set up, and its trial started.
sample({ clock: createProfileFx.done, fn: () => 'agent_setup_finished' as const, target: goalReachedFx });
sample({ clock: startTrialFx.done, fn: () => 'trial_started' as const, target: goalReachedFx });
