import { createEffect, createEvent, createStore, sample } from 'effector';

/** Modal ids of spec §2 "Modals". */
export const MODAL_IDS = [
  'advert', 'apartment', 'auth', 'productInfo', 'cancelSubscription', 'city', 'paywall', 'recurrentPayment',
  'success', 'unsuccess', 'video', 'image', 'service', 'lightbox', 'callback',
] as const;
export type ModalId = (typeof MODAL_IDS)[number];

/** Spec §9: a modal opens after 0, 50 or 100 ms (lets a closing drawer or menu finish first). */
export type ModalDelay = 0 | 50 | 100;

export interface ModalState {
  id: ModalId;
  props: Record<string, unknown>;
}

export const modalOpened = createEvent<{ id: ModalId; props?: Record<string, unknown>; delay?: ModalDelay }>();
export const modalClosed = createEvent();
const modalShown = createEvent<ModalState>();

const openAfterDelayFx = createEffect(
  ({ id, props, delay }: { id: ModalId; props: Record<string, unknown>; delay: ModalDelay }) =>
    new Promise<ModalState>((resolve) => setTimeout(() => resolve({ id, props }), delay)),
);

export const $modal = createStore<ModalState | null>(null)
  .on(modalShown, (_, modal) => modal)
  .reset(modalClosed);

sample({
  clock: modalOpened,
  fn: ({ id, props, delay }) => ({ id, props: props ?? {}, delay: delay ?? 0 }),
  target: openAfterDelayFx,
});
sample({ clock: openAfterDelayFx.doneData, target: modalShown });
