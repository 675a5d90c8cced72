import { createEffect, createEvent, createStore, sample, type Unit } from 'effector';
import { errorMessage } from '../api/errors';

export type NotificationType = 'error' | 'success' | 'info';
export const DEFAULT_LIFETIME = 5000;

export interface AppNotification {
  id: number;
  text: string;
  type: NotificationType;
  /** Milliseconds on screen, or 'INFINITE' until dismissed (spec §3 Notification). */
  lifeTime: number | 'INFINITE';
  /** Sends the failed action again: the toast then offers «Повторить». */
  retry?: () => void;
}

export interface NotificationRequest {
  text: string;
  type?: NotificationType;
  lifeTime?: number | 'INFINITE';
  retry?: () => void;
}

/** A toast that offers «Повторить» stays longer: time to reach its button by keyboard or a screen reader. */
export const RETRY_LIFETIME = 10_000;

/** The queue of toasts: oldest first; each leaves after its lifetime unless INFINITE. */
export const notificationShown = createEvent<NotificationRequest>();
export const notificationDismissed = createEvent<number>();

const notificationAdded = createEvent<AppNotification>();
/** The next toast's id, per scope (a dismiss names its toast by id). */
const $nextId = createStore(1, { serialize: 'ignore' }).on(notificationAdded, (id) => id + 1);

// Browser-only (a toast is never rendered by the server), and a retry is a function: not serialised.
export const $notifications = createStore<AppNotification[]>([], { serialize: 'ignore' })
  .on(notificationAdded, (list, item) => [...list, item])
  .on(notificationDismissed, (list, id) => list.filter((n) => n.id !== id));

const dismissLaterFx = createEffect(
  ({ id, lifeTime }: { id: number; lifeTime: number }) => new Promise<number>((resolve) => setTimeout(() => resolve(id), lifeTime)),
);

sample({
  clock: notificationShown,
  source: $nextId,
  fn: (id, { text, type, lifeTime, retry }): AppNotification => ({
    id,
    text,
    type: type ?? 'error',
    lifeTime: lifeTime ?? (retry ? RETRY_LIFETIME : DEFAULT_LIFETIME),
    ...(retry && { retry }),
  }),
  target: notificationAdded,
});

sample({
  clock: notificationAdded,
  filter: (n): n is AppNotification & { lifeTime: number } => n.lifeTime !== 'INFINITE',
  fn: (n) => ({ id: n.id, lifeTime: n.lifeTime as number }),
  target: dismissLaterFx,
});

sample({ clock: dismissLaterFx.doneData, target: notificationDismissed });

/** Each failure an effect's `failData` carries, as a toast: «prefix: why», why in the error's own words. */
export function failureToasts(failData: Unit<unknown>, prefix: string): void {
  sample({ clock: failData, fn: (error: unknown) => ({ text: `${prefix}: ${errorMessage(error)}` }), target: notificationShown });
}
