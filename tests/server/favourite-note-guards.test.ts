import { describe, expect, it } from 'vitest';
import { scaledRateLimits } from '../../server/http/app-limits';
import { TEN_MINUTES } from '../../server/infra/rate-limit';
import { signedInUser, useTestServer } from './helpers';

const NOTES = 4;

/** A note belongs to a favourite: never on a flat the buyer did not like, and not written at a script's speed. */
describe('favourite notes are guarded', () => {
  const server = useTestServer('pglite', {
    rateLimits: { ...scaledRateLimits(1000), notesPerUser: { limit: NOTES, windowMs: TEN_MINUTES } },
  });

  const activeIds = (n: number, skip: number) =>
    [...server.memory().apartments.values()]
      .filter((a) => a.status === 'ACTIVE')
      .slice(skip, skip + n)
      .map((a) => a.id);
  const like = (token: string, id: number) =>
    server.request('topReaction', { token, body: { apartmentId: id, action: 'LIKE', notices: [] } });
  const note = (token: string, id: number, text: string) =>
    server.request('favouriteNote', { token, params: { apartId: id }, body: { note: text } });

  it('a note on a flat never liked is refused in Russian, and nothing is written', async () => {
    const { token } = await signedInUser(server);
    const [liked, never] = activeIds(2, 50);
    expect((await like(token, liked!)).status).toBe(200);
    const refused = await note(token, never!, 'чужая');
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.status).toBeLessThan(500);
    expect(refused.body).toMatchObject({
      result: 'error',
      statusCode: refused.status,
      message: 'Заметку можно оставить только к квартире из избранного',
    });
    // A flat disliked is no favourite either.
    await server.request('topReaction', { token, body: { apartmentId: never!, action: 'DISLIKE', notices: [] } });
    expect((await note(token, never!, 'чужая')).status).toBe(refused.status);
    const { rows } = await server.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM favourite_marks WHERE apartment_id = $1`, [
      never!,
    ]);
    expect(rows[0]!.n).toBe(0);
  });

  it('each user writes a limited number of notes; another user is not affected', async () => {
    const { token } = await signedInUser(server);
    const [id] = activeIds(1, 60);
    await like(token, id!);
    for (let i = 0; i < NOTES; i++) expect((await note(token, id!, `заметка ${i}`)).status).toBe(200);
    const over = await note(token, id!, 'ещё одна');
    expect(over.status).toBe(429);
    expect(over.headers['retry-after']).toBeDefined();
    expect((over.body as unknown as { message: string }).message).toMatch(/^Слишком много заметок/);
    const other = await signedInUser(server);
    await like(other.token, id!);
    expect((await note(other.token, id!, 'моя')).status).toBe(200);
  });
});
