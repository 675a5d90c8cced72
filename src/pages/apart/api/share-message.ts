import { mutationOptions } from '@tanstack/react-query';
import { api } from '@/shared/api';

/** The listing prepared by the bot as a message this Telegram user may send to a chat (Mini App only). */
export function shareMessageMutationOptions() {
  return mutationOptions({
    mutationKey: ['apartment-share-message'],
    mutationFn: (apartId: number) => api.call('apartmentShareMessage', { params: { apartId } }),
  });
}
