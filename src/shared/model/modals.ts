import { createEffect, createEvent, createStore, sample, type EventCallable, type Store } from 'effector';

/** Modal ids of spec §2 "Modals". */
export const MODAL_IDS = [
  'advert',
  'apartment',
  'auth',
  'productInfo',
  'cancelSubscription',
  'city',
  'paywall',
  'recurrentPayment',
  'success',
  'unsuccess',
  'video',
  'image',
  'service',
  'lightbox',
  'callback',
  'accountData',
] as const;
export type ModalId = (typeof MODAL_IDS)[number];

/** Spec §9: a modal opens after 0, 50 or 100 ms (lets a closing drawer or menu finish first). */
export type ModalDelay = 0 | 50 | 100;

/** The one open modal. Its props are typed by the modal's handle (createModal); here they are only carried. */
export interface ModalState {
  id: ModalId;
  props: unknown;
}

/** The untyped channel under every createModal handle; open modals through their handles (see ./modal-list.ts). */
export const modalOpened = createEvent<{ id: ModalId; props?: unknown; delay?: ModalDelay }>();
export const modalClosed = createEvent();
const modalShown = createEvent<ModalState>();

const openAfterDelayFx = createEffect(
  ({ id, props, delay }: { id: ModalId; props: unknown; delay: ModalDelay }) =>
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

/** What opening a modal takes: its props, and the delay; a modal without required props may be opened bare. */
export type ModalOpenParams<Props extends object> =
  Record<never, never> extends Props ? (Props & { delay?: ModalDelay }) | void : Props & { delay?: ModalDelay };

export interface ModalHandle<Props extends object> {
  id: ModalId;
  /** Opens this modal with props the compiler checks. */
  opened: EventCallable<ModalOpenParams<Props>>;
  /** This modal's props while it is the open one, else null. */
  $props: Store<Props | null>;
}

/** A typed handle on one modal id: the only place its props are written and read. */
export function createModal<Props extends object = Record<never, never>>(id: ModalId): ModalHandle<Props> {
  const opened = createEvent<ModalOpenParams<Props>>();
  sample({
    clock: opened,
    fn: (params): { id: ModalId; props: unknown; delay?: ModalDelay } => {
      const { delay, ...props } = (params ?? {}) as Props & { delay?: ModalDelay };
      return delay === undefined ? { id, props } : { id, props, delay };
    },
    target: modalOpened,
  });
  // Only `opened` above writes props under this id, so they have this type.
  const $props = $modal.map((modal) => (modal?.id === id ? (modal.props as Props) : null));
  return { id, opened, $props };
}
