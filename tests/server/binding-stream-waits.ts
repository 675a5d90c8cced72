import { expect, vi } from 'vitest';
import { bindingEvents } from '../../server/auth/bindings';

/**
 * Resolves once `count` binding streams of this process wait on the binding's wake-up (they have sent `: connected`
 * and found no outcome yet): an outcome stored from then on reaches them as a live event, not by a later poll.
 */
export async function streamsListening(eventEmitterId: string, count = 1): Promise<void> {
  await vi.waitFor(() => expect(bindingEvents.listenerCount(eventEmitterId), 'binding streams listening').toBe(count), {
    timeout: 10_000,
    interval: 5,
  });
}
