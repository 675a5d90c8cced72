import { expect, vi } from 'vitest';
import { bindingEvents } from '../../server/auth/bindings';

/**
 * Resolves once `count` binding streams of this process wait on the binding's wake-up (they have sent `: connected`
 * and found no outcome yet): an outcome stored from then on reaches them as a live event, not by a later poll. With
 * `ended`, a stream that has already ended stops the wait too: the test's own assertions then say what it answered.
 */
export async function streamsListening(eventEmitterId: string, count = 1, ended: () => boolean = () => false): Promise<void> {
  await vi.waitFor(
    () => {
      if (ended()) return;
      expect(bindingEvents.listenerCount(eventEmitterId), 'binding streams listening').toBe(count);
    },
    { timeout: 10_000, interval: 5 },
  );
}
