import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import { favouriteKeys } from '@/entities/apartment';
import { api, type FavouriteMarks } from '@/shared/api';

/** The server answers every change with the user's marks as they now are: that answer replaces the cached ones. */
const keep = (client: QueryClient, userId: number | null, marks: FavouriteMarks) => client.setQueryData(favouriteKeys.marks(userId), marks);

export function noteMutationOptions(userId: number | null) {
  return mutationOptions({
    mutationKey: ['favourite-note'],
    mutationFn: ({ apartmentId, note }: { apartmentId: number; note: string }) =>
      api.call('favouriteNote', { params: { apartId: apartmentId }, body: { note } }),
    onSuccess: (marks, _variables, _result, { client }) => keep(client, userId, marks),
  });
}

export function alertsMutationOptions(userId: number | null) {
  return mutationOptions({
    mutationKey: ['favourite-alerts'],
    mutationFn: (enabled: boolean) => api.call('favouriteAlerts', { body: { enabled } }),
    onSuccess: (marks, _variables, _result, { client }) => keep(client, userId, marks),
  });
}
