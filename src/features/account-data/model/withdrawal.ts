import { CONSENT_VERSIONS, type ConsentPurpose } from '@kvarta/contract/consents';
import { createEffect, createEvent, sample } from 'effector';
import { api } from '@/shared/api';
import { failureToasts, notificationShown, serverDataChanged } from '@/shared/model';
import { analyticsDecided } from '@/entities/consent';

/** «Отозвать» in the profile. Analytics goes through its own flow (the counters stop on this device at once). */
export const consentWithdrawn = createEvent<ConsentPurpose>();

export const withdrawConsentFx = createEffect((purpose: ConsentPurpose) =>
  api.call('consentDecide', { params: { purpose }, body: { given: false, version: CONSENT_VERSIONS[purpose] } }),
);

sample({ clock: consentWithdrawn, filter: (purpose) => purpose === 'analytics', fn: () => false, target: analyticsDecided });
sample({ clock: consentWithdrawn, filter: (purpose) => purpose !== 'analytics', target: withdrawConsentFx });
sample({ clock: withdrawConsentFx.done, fn: () => 'consents' as const, target: serverDataChanged });
sample({ clock: withdrawConsentFx.done, fn: () => ({ text: 'Согласие отозвано', type: 'success' as const }), target: notificationShown });
failureToasts(withdrawConsentFx.failData, 'Не удалось отозвать согласие');
