import { DEFAULT_MORTGAGE_INFO } from '@kvarta/contract/mortgage';
/** The LIRA model tests' scope: the API replaced by handlers, the state seeded (shared by the slice test files). */
import { fork, type Effect, type Scope } from 'effector';
import {
  $extension,
  $liraForm,
  $liraStatus,
  $messengerConnected,
  $profileInitialised,
  $savedExtension,
  deleteSubscriptionFx,
  emptyForm,
  extensionToPayload,
  fetchAiPresetsFx,
  fetchLiraProfileFx,
  liraLoadRequested,
  liraReset,
  liraStatusRefreshRequested,
  putStatusFx,
  saveExtensionFx,
  selectionStartRequested,
  selectionStarted,
  subscriptionCancelConfirmed,
  updateProfileFx,
  variantsReloadRequired,
  type ExtensionPayload,
  type LiraForm,
  type LiraProfile,
  type LiraStatus,
} from '@/entities/lira-profile';
import {
  createProfileFx,
  extensionSubmitted,
  presetChosen,
  profileCreationSubmitted,
  profileUpdateSubmitted,
  startTrialFx,
} from '@/features/lira-settings';
import { resubscribeRequired, statusButtonClicked, statusChangeRequested } from '@/features/lira-status-control';
// The drawer widget reports open-or-not and the view through shared $drawer: load its model as the app does.
import '@/widgets/assistant-drawer';
// The AI search page's wiring (resuming without the messenger opens the sign-in modal): loaded as the app does, so
// a test sees the same whichever files ran before it in its worker.
import '@/pages/lira';
import { authModalOpened } from '@/features/auth-modal';
import { fetchBindingInfoFx } from '@/features/auth-modal/model/flow';
import { $subscription, deriveSubscription, fetchSubscriptionFx, type Subscription } from '@/entities/subscription';
import type { Preset } from '@/shared/api';
import { DEFAULT_EXTENSION_FORM, formatExpiredAt } from '@kvarta/contract/lira-rules';
import { $drawer, $modal, $notifications, drawerViewRequested } from '@/shared/model';
import { subscriptionFixture } from '../../support/subscription';

export const sub = (status: Subscription['status'], inMs = 5 * 86_400_000): Subscription =>
  subscriptionFixture({ status, expiredAt: formatExpiredAt(new Date(Date.now() + inMs)), autoRenewal: status === 'ACTIVE' });
export const derived = (status: Subscription['status']) => deriveSubscription(sub(status), Date.now());
export const form = (patch: Partial<LiraForm> = {}): LiraForm => ({ ...emptyForm([78]), roomsAmount: ['r2'], ...patch });
/** The filters of a saved AI-search profile (Saint Petersburg, two rooms); tests change what they are about. */
export const liraFilters = (patch: Partial<LiraProfile['filters']> = {}): LiraProfile['filters'] => ({
  cityIds: [78],
  areaIds: [],
  metroIds: [],
  priceTotalMinGte: 1,
  priceTotalMinLte: 2,
  realtyType: 'ALL',
  isApartHotel: null,
  renovationType: null,
  roomsCntForFilter: [2],
  areaForFilter: null,
  areaKitchenGte: null,
  areaResidentialGte: null,
  areaTotalGte: null,
  avgAreaRoomsGte: null,
  deadlineGte: null,
  deadlineLte: null,
  stageIsPut: null,
  ...patch,
});
export const profile = (
  status: LiraStatus,
  settings: ExtensionPayload = extensionToPayload(DEFAULT_EXTENSION_FORM, form()),
  filters: LiraProfile['filters'] = liraFilters(),
): LiraProfile => ({
  filters,
  portraitId: null,
  wishGroups: {},
  mortgageInfo: DEFAULT_MORTGAGE_INFO,
  status,
  settings,
  createdAt: '',
  updatedAt: '',
});
export const preset = (id: number): Preset => ({
  template: { id, priority: id, code: `p${id}`, title: `P${id}`, description: '', image: '', params: {} },
  filters: {
    cityIds: [78],
    areaIds: [1],
    metroIds: [2],
    priceTotalMinGte: 3e6,
    priceTotalMinLte: 9e6,
    priceTotalMinGap: 20,
    roomsCntForFilter: [id % 5],
    realtyType: 'ALL',
    isApartHotel: null,
    renovationType: null,
    areaTotalGte: null,
    areaKitchenGte: null,
    areaResidentialGte: null,
    avgAreaRoomsGte: null,
    areaForFilter: null,
    deadlineGte: 0,
    deadlineLte: 0,
    stageIsPut: false,
  },
  cityKladr: 78,
});

/** A scope with the API replaced: records status PUTs and extension saves. */
export function setup(
  opts: {
    status?: LiraStatus;
    subscription?: Subscription | null;
    connected?: boolean;
    profile?: LiraProfile | null;
    form?: LiraForm;
    savedExt?: ExtensionPayload | null;
    initialised?: boolean;
  } = {},
) {
  const puts: string[] = [];
  const savedExt: ExtensionPayload[] = [];
  const updates: unknown[] = [];
  let subscription = opts.subscription === undefined ? sub('ACTIVE') : opts.subscription;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- fork's own handler pair type
  const handlers: Array<[Effect<any, any, any>, (...args: any[]) => unknown]> = [
    [fetchLiraProfileFx, async () => (opts.profile === undefined ? null : opts.profile)],
    [fetchSubscriptionFx, async () => subscription],
    [fetchAiPresetsFx, async () => [preset(1), preset(2)]],
    [createProfileFx, async () => profile('NOT_PAID')],
    [updateProfileFx, async (p: unknown) => (updates.push(p), profile('ACTIVE'))],
    [saveExtensionFx, async (p: ExtensionPayload) => (savedExt.push(p), p)],
    [putStatusFx, async (s: string) => (puts.push(s), s)],
    [startTrialFx, async () => ((subscription = sub('ACTIVE', 3 * 86_400_000)), { subscription, payment: null })],
    [deleteSubscriptionFx, async () => ((subscription = sub('CANCELLED')), null)],
    [
      fetchBindingInfoFx,
      async () => ({
        eventEmitterId: 'e',
        telegramBindingToken: 't',
        deepLink: 'https://t.me/bot?start=t',
        webFallbackLink: '/dev/telegram',
      }),
    ],
  ];
  const scope = fork({
    values: [
      [$liraStatus, opts.status ?? 'NOT_CREATED'],
      [$subscription, subscription ? deriveSubscription(subscription, Date.now()) : null],
      [$messengerConnected, opts.connected ?? true],
      [$liraForm, opts.form ?? form()],
      [$savedExtension, opts.savedExt ?? null],
      [$profileInitialised, opts.initialised ?? true],
    ],
    handlers,
  });
  return {
    scope,
    handlers,
    puts,
    savedExt,
    updates,
    setProfile: (p: LiraProfile | null) => (opts.profile = p),
    setSubscription: (s: Subscription | null) => (subscription = s),
  };
}
export const texts = (scope: Scope) => scope.getState($notifications).map((n) => n.text);

export {
  authModalOpened,
  $extension,
  $liraForm,
  $liraStatus,
  $messengerConnected,
  $profileInitialised,
  $savedExtension,
  deleteSubscriptionFx,
  emptyForm,
  extensionToPayload,
  fetchAiPresetsFx,
  fetchLiraProfileFx,
  liraLoadRequested,
  liraReset,
  liraStatusRefreshRequested,
  putStatusFx,
  saveExtensionFx,
  selectionStartRequested,
  selectionStarted,
  subscriptionCancelConfirmed,
  updateProfileFx,
  variantsReloadRequired,
  createProfileFx,
  extensionSubmitted,
  presetChosen,
  profileCreationSubmitted,
  profileUpdateSubmitted,
  startTrialFx,
  resubscribeRequired,
  statusButtonClicked,
  statusChangeRequested,
  $subscription,
  deriveSubscription,
  fetchSubscriptionFx,
  DEFAULT_EXTENSION_FORM,
  formatExpiredAt,
  $drawer,
  $modal,
  $notifications,
  drawerViewRequested,
};
export type { ExtensionPayload, LiraForm, LiraProfile, LiraStatus, Subscription, Preset };
