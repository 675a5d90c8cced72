import { createEffect, createEvent, createStore, sample } from 'effector';

export type NotificationType = 'error' | 'success' | 'info';
export const DEFAULT_LIFETIME = 5000;

export interface AppNotification {
  id: number;
  text: string;
  type: NotificationType;
  /** Milliseconds on screen, or 'INFINITE' until dismissed (spec §3 Notification). */
  lifeTime: number | 'INFINITE';
}

export interface NotificationRequest {
  text: string;
  type?: NotificationType;
  lifeTime?: number | 'INFINITE';
}

/** The queue of toasts: oldest first; each leaves after its lifetime unless INFINITE. */
export const notificationShown = createEvent<NotificationRequest>();
export const notificationDismissed = createEvent<number>();

const notificationAdded = createEvent<AppNotification>();
/** The next toast's id, per scope (a dismiss names its toast by id). */
const $nextId = createStore(1, { serialize: 'ignore' }).on(notificationAdded, (id) => id + 1);

export const $notifications = createStore<AppNotification[]>([])
  .on(notificationAdded, (list, item) => [...list, item])
  .on(notificationDismissed, (list, id) => list.filter((n) => n.id !== id));

const dismissLaterFx = createEffect(
  ({ id, lifeTime }: { id: number; lifeTime: number }) => new Promise<number>((resolve) => setTimeout(() => resolve(id), lifeTime)),
);

sample({
  clock: notificationShown,
  source: $nextId,
  fn: (id, { text, type, lifeTime }): AppNotification => ({ id, text, type: type ?? 'error', lifeTime: lifeTime ?? DEFAULT_LIFETIME }),
  target: notificationAdded,
});

sample({
  clock: notificationAdded,
  filter: (n): n is AppNotification & { lifeTime: number } => n.lifeTime !== 'INFINITE',
  fn: (n) => ({ id: n.id, lifeTime: n.lifeTime as number }),
  target: dismissLaterFx,
});

sample({ clock: dismissLaterFx.doneData, target: notificationDismissed });
