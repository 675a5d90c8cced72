import { afterEach, describe, expect, it } from 'vitest';
import { TRIAL_PROMOCODE } from '@kvarta/contract/lira-rules';
import { runMatcher, DEFAULT_MATCHER } from '../../server/lira/matcher';
import { reactionsOf } from '../../server/selection/repository/reactions';
import { DATABASES, useTestServer, hostile } from './helpers';
import { liraPayload, runningUser, signedInUser } from './helpers';

describe.each(DATABASES)('LIRA API on %s', (kind) => {
  const server = useTestServer(kind);
  const realNow = () => new Date();
  afterEach(() => {
    server.app.now = realNow;
  });
  const variants = async (token: string, query = '') =>
    (
      await server.request('liraVariantList', {
        query: Object.fromEntries(new URLSearchParams(`${query.includes('size=') ? '' : 'size=30&page=0'}${query}`)),
        token,
      })
    ).body.data;

  it('profile: 404 before, 403 for anonymous, POST creates NOT_PAID with the default extension, PUT updates, bad input 400', async () => {
    const anon = await server.anonymousToken();
    expect((await server.request('liraProfile', { token: anon })).status).toBe(404);
    expect((await server.request('liraProfileCreate', { body: liraPayload, token: anon })).status).toBe(403);
    expect((await server.request('liraProfile')).status).toBe(401);

    const { token } = await signedInUser(server);
    const created = await server.request('liraProfileCreate', { body: liraPayload, token });
    expect(created.status).toBe(200);
    expect(created.body.data.status).toBe('NOT_PAID');
    expect(created.body.data.filters).toMatchObject({
      cityIds: [77],
      priceTotalMinGte: 10_000_000,
      roomsCntForFilter: [1, 2],
      areaIds: [],
      deadlineLte: null,
    });
    expect(created.body.data.wishGroups).toEqual(liraPayload.wishGroups);
    const settings = created.body.data.settings;
    expect(settings.useExtensions).toBe(true);
    expect(settings.extensions.map((e) => e.type)).toEqual(['LOCATION', 'PRICE', 'ROOMS_COUNT', 'DEADLINE', 'REALTY_TYPE']);
    expect(settings.extensions.find((e) => e.type === 'ROOMS_COUNT')?.params).toEqual({ roomsCnt: [0, 3] });
    expect(settings.extensions.find((e) => e.type === 'DEADLINE')?.active).toBe(false);

    const updated = await server.request('liraProfileUpdate', { body: { ...liraPayload, portraitId: 2 }, token });
    expect(updated.body.data).toMatchObject({ portraitId: 2, status: 'NOT_PAID' });
    expect((await server.request('liraProfile', { token })).body.data.portraitId).toBe(2);

    const bad = [
      { ...liraPayload, filters: { ...liraPayload.filters, cityIds: [] } },
      { ...liraPayload, filters: { ...liraPayload.filters, cityIds: [99999] } },
      { ...liraPayload, filters: { ...liraPayload.filters, roomsCntForFilter: [7] } },
      { ...liraPayload, wishGroups: { METRO_NEARBY: 'SUPER' } },
      { ...liraPayload, extra: true },
      { filters: { ...liraPayload.filters, priceTotalMinLte: -5 } },
    ];
    for (const payload of bad) {
      const res = await server.request('liraProfileCreate', { body: hostile(payload), token });
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect(res.body.result).toBe('error');
    }
  });

  it('settings: the extension payload is validated and stored; 404 without a profile', async () => {
    const { token } = await signedInUser(server);
    const ext = {
      useExtensions: true,
      useExpertSelection: false,
      extensions: [
        { type: 'LOCATION', active: true, params: { areaIds: [1], metroIds: [] } },
        { type: 'PRICE', active: true, params: { price: 15 } },
        { type: 'ROOMS_COUNT', active: false, params: { roomsCnt: [3] } },
        { type: 'DEADLINE', active: false, params: { deadline: 2 } },
        { type: 'REALTY_TYPE', active: false, params: { realtyType: null } },
      ],
    };
    expect((await server.request('liraSettings', { body: hostile(ext), token })).status).toBe(404);
    await server.request('liraProfileCreate', { body: liraPayload, token });
    const saved = await server.request('liraSettings', { body: hostile(ext), token });
    expect(saved.status).toBe(200);
    expect(saved.body.data.settings.extensions[1]).toEqual({ type: 'PRICE', active: true, params: { price: 15 } });
    const bad = { ...ext, extensions: [{ type: 'SPEED', active: true, params: {} }] };
    expect((await server.request('liraSettings', { body: hostile(bad), token })).status).toBe(400);
  });

  it('filters-check: counts matching listings and flags filters that leave too few', async () => {
    const { token } = await signedInUser(server);
    const broad = await server.request('liraFiltersCheck', { body: { filters: liraPayload.filters }, token });
    expect(broad.body.data.badFilters).toBe(false);
    expect(broad.body.data.strictCount).toBeGreaterThanOrEqual(broad.body.data.threshold);
    const narrow = await server.request('liraFiltersCheck', {
      body: {
        filters: { cityIds: [77], priceTotalMinGte: 2_000_000, priceTotalMinLte: 2_100_000, roomsCntForFilter: [4], areaKitchenGte: 40 },
      },
      token,
    });
    expect(narrow.body.data).toMatchObject({ strictCount: 0, badFilters: true });
    expect((await server.request('liraFiltersCheck', { body: { filters: { cityIds: [] } }, token })).status).toBe(400);
  });

  it('status: running needs a subscription; with a cancelled one ACTIVE becomes CANCELLED and any other REJECTED; stop is allowed otherwise', async () => {
    const { token } = await signedInUser(server);
    const put = (status: string) => server.request('liraStatus', { body: hostile({ status }), token });
    expect((await put('START')).status).toBe(404);
    await server.request('liraProfileCreate', { body: liraPayload, token });
    const refused = await put('START');
    expect(refused.status).toBe(402);
    expect((await put('EXPIRED')).status).toBe(400);
    expect((await put('STOP')).body.data.status).toBe('STOP');
    await server.request('subscribe', { body: { promocode: TRIAL_PROMOCODE, days: 3, serviceType: 'LIRA_4' }, token });
    // Spec §4 "Start selection": only a profile that never ran starts as START; a stopped one runs again as ACTIVE.
    expect((await put('START')).body.data.status).toBe('ACTIVE');
    expect((await put('NOT_PAID')).body.data.status).toBe('NOT_PAID');
    expect((await put('START')).body.data.status).toBe('START');
    expect((await put('ACTIVE')).body.data.status).toBe('ACTIVE');
    await server.request('subscriptionCancel', { query: { serviceType: 'LIRA_4' }, token });
    expect((await server.request('liraProfile', { token })).body.data.status).toBe('CANCELLED');
    // Spec §4 "Change status": with a cancelled subscription ACTIVE becomes CANCELLED, any other REJECTED.
    expect((await put('STOP')).body.data.status).toBe('REJECTED');
    expect((await server.request('liraProfile', { token })).body.data.status).toBe('REJECTED');
    expect((await put('NOT_PAID')).body.data.status).toBe('REJECTED');
    expect((await put('ACTIVE')).body.data.status).toBe('CANCELLED');
    // Past the end of the period nothing runs any more.
    server.app.now = () => new Date(Date.now() + 4 * 86_400_000);
    expect((await put('ACTIVE')).status).toBe(402);
  });

  it('cancel subscription (spec §4): ACTIVE and START become CANCELLED, anything else REJECTED; no profile stays without one', async () => {
    const trial = { promocode: TRIAL_PROMOCODE, days: 3, serviceType: 'LIRA_4' };
    const statusAfterCancel = async (status: string | null) => {
      const { token } = await signedInUser(server);
      await server.request('subscribe', { body: hostile(trial), token });
      if (status) {
        await server.request('liraProfileCreate', { body: liraPayload, token });
        if (status !== 'NOT_PAID')
          expect((await server.request('liraStatus', { body: hostile({ status }), token })).body.data.status).toBe(status);
      }
      expect((await server.request('subscriptionCancel', { query: { serviceType: 'LIRA_4' }, token })).status).toBe(200);
      const profile = await server.request('liraProfile', { token });
      return profile.status === 404 ? null : profile.body.data.status;
    };
    expect(await statusAfterCancel('ACTIVE')).toBe('CANCELLED');
    expect(await statusAfterCancel('START')).toBe('CANCELLED');
    expect(await statusAfterCancel('STOP')).toBe('REJECTED');
    expect(await statusAfterCancel('REJECTED')).toBe('REJECTED');
    expect(await statusAfterCancel('NOT_PAID')).toBe('REJECTED');
    expect(await statusAfterCancel(null)).toBeNull();
  });

  it('variants: the first batch lists with LIRA fields, sorts, sold filter, statistics', async () => {
    const user = await runningUser(server);
    expect((await variants(user.token)).meta.totalItems).toBe(0);
    const result = await runMatcher(server.app, user.userId);
    expect(result.added.length).toBe(DEFAULT_MATCHER.firstBatch);
    const list = await variants(user.token);
    expect(list.meta.totalItems).toBe(DEFAULT_MATCHER.firstBatch);
    for (const item of list.items) {
      expect(item.selectionType).toBe('LIRA_4');
      expect(item.suggestionDate).toMatch(/^\d{4}-\d\d-\d\dT/);
      expect(['MAIN', 'ALTERNATIVE']).toContain(item.suggestionType);
      expect(item.isAlternative).toBe(item.suggestionType === 'ALTERNATIVE');
      expect(item.relevancePercent).toBeGreaterThan(0);
      expect(item.wishesTexts.map((w) => w.code)).toContain('METRO_NEARBY');
      expect(item.type).toBe('NOT_VIEWED');
      if (item.isAlternative) expect(item.notices.length).toBeGreaterThan(0);
    }
    // Date order within a batch keeps the engine's ranking: best first, then as the variety rules allow.
    const rel = list.items.map((i) => i.relevancePercent!);
    expect(rel[0]).toBe(Math.max(...rel));
    const byPrice = (await variants(user.token, '&sort=PRICE_ASC')).items.map((i) => i.priceTotalMin);
    expect([...byPrice].sort((a, b) => a - b)).toEqual(byPrice);
    const byPriceDesc = (await variants(user.token, '&sort=PRICE_DESC')).items.map((i) => i.priceTotalMin);
    expect(byPriceDesc).toEqual([...byPrice].reverse());
    const relAsc = (await variants(user.token, '&sort=RELEVANCE_ASC')).items.map((i) => i.relevancePercent!);
    expect([...relAsc].sort((a, b) => a - b)).toEqual(relAsc);
    const page = await variants(user.token, '&size=4&page=2&sort=RELEVANCE_DESC');
    expect(page.items.length).toBe(2);
    expect((await server.request('liraVariantList', { query: hostile({ sort: 'NEWEST' }), token: user.token })).status).toBe(400);
    expect((await server.request('liraVariantList', { query: { size: '0' }, token: user.token })).status).toBe(400);

    // A sold suggestion hides unless showSold.
    const sold = list.items[0]!;
    const apartment = server.memory().apartments.get(sold.id)!;
    apartment.status = 'SOLD';
    try {
      expect((await variants(user.token)).items.map((i) => i.id)).not.toContain(sold.id);
      const withSold = await variants(user.token, '&showSold=true');
      expect(withSold.items.find((i) => i.id === sold.id)?.isSold).toBe(true);
    } finally {
      apartment.status = 'ACTIVE';
    }

    const stats = await server.request('liraStatistics', { token: user.token });
    expect(stats.body.data).toMatchObject({
      status: 'ACTIVE',
      total: DEFAULT_MATCHER.firstBatch,
      liked: 0,
      notViewed: DEFAULT_MATCHER.firstBatch,
    });
    expect(stats.body.data.matching).toBeGreaterThan(DEFAULT_MATCHER.firstBatch);
  });

  it('map, grouped map and sidebar show the suggestions; feedback is a reaction that reaches favourites', async () => {
    const user = await runningUser(server);
    await runMatcher(server.app, user.userId);
    const list = await variants(user.token);
    const ids = list.items.map((i) => i.id).sort((a, b) => a - b);
    const map = (await server.request('liraMap', { token: user.token })).body.data;
    expect(map.flatMap((b) => b.apartmentIds).sort((a, b) => a - b)).toEqual(ids);
    const grouped = (await server.request('liraMapGrouped', { token: user.token })).body.data;
    expect(grouped.flatMap((b) => b.apartmentIds).sort((a, b) => a - b)).toEqual(ids);
    expect(grouped.length).toBeLessThanOrEqual(map.length);

    const [a, b] = list.items;
    expect(
      (await server.request('liraFeedback', { body: { apartmentId: a!.id, action: 'LIKE', notices: [] }, token: user.token })).status,
    ).toBe(200);
    expect(
      (await server.request('liraFeedback', { body: { apartmentId: b!.id, action: 'DISLIKE', notices: ['PRICE'] }, token: user.token }))
        .status,
    ).toBe(200);
    expect((await server.request('liraFeedback', { body: { apartmentId: 2_000_000_000, action: 'LIKE' }, token: user.token })).status).toBe(
      404,
    );
    expect(
      (await server.request('liraFeedback', { body: hostile({ apartmentId: a!.id, action: 'LOVE' }), token: user.token })).status,
    ).toBe(400);

    const sidebar = (await server.request('liraSidebar', { query: { apartmentIds: `${a!.id},${b!.id}` }, token: user.token })).body.data;
    expect(sidebar.map((i) => [i.id, i.type])).toEqual([
      [a!.id, 'LIKED'],
      [b!.id, 'DISLIKED'],
    ]);
    expect(sidebar[1]!.notices.map((n) => n.key)).toEqual(['PRICE']);
    expect((await server.request('liraSidebar', { query: { apartmentIds: 'x' }, token: user.token })).status).toBe(400);

    const liked = (await server.request('topLiked', { token: user.token })).body.data;
    expect(liked.map((i) => i.id)).toEqual([a!.id]);
    const markers = (await server.request('liraMap', { token: user.token })).body.data;
    expect(markers.find((m) => m.apartmentIds.includes(a!.id))?.types).toContain('LIKE');
    // The engine learns from these two ratings, the dislike with its reason.
    const ratings = server.app.engine.ratings(await reactionsOf(server.db, user.userId));
    expect(ratings.map((r) => [r.liked, r.reasons]).sort()).toEqual([
      [false, ['PRICE']],
      [true, []],
    ]);
  });

  it('a changed profile archives unrated suggestions; the next batch is a fresh first one and never repeats', async () => {
    const user = await runningUser(server);
    const first = await runMatcher(server.app, user.userId);
    const liked = first.added[0]!.apartmentId;
    await server.request('liraFeedback', { body: { apartmentId: liked, action: 'LIKE' }, token: user.token });
    await server.request('liraProfileUpdate', {
      body: { ...liraPayload, filters: { ...liraPayload.filters, roomsCntForFilter: [2, 3] } },
      token: user.token,
    });
    expect((await variants(user.token)).items.map((i) => i.id)).toEqual([liked]);
    const second = await runMatcher(server.app, user.userId);
    expect(second.added.length).toBe(DEFAULT_MATCHER.firstBatch);
    const before = new Set(first.added.map((s) => s.apartmentId));
    expect(second.added.some((s) => before.has(s.apartmentId))).toBe(false);
  });
  it('saving the same profile or extension again keeps the feed: nothing archived, no new first batch, no wake-up', async () => {
    const user = await runningUser(server);
    const first = await runMatcher(server.app, user.userId);
    expect(first.added.length).toBe(DEFAULT_MATCHER.firstBatch);
    const woken: number[] = [];
    const agent = server.app.liraMatcher;
    server.app.liraMatcher = { wake: (id) => woken.push(id) };
    try {
      const profile = (await server.request('liraProfile', { token: user.token })).body.data;
      for (let i = 0; i < 2; i++) {
        expect((await server.request('liraProfileUpdate', { body: liraPayload, token: user.token })).status).toBe(200);
        expect((await server.request('liraSettings', { body: profile.settings, token: user.token })).status).toBe(200);
      }
      expect(woken).toEqual([]);
      expect((await variants(user.token)).meta.totalItems).toBe(DEFAULT_MATCHER.firstBatch);
      const again = (await server.request('liraProfile', { token: user.token })).body.data;
      expect(again.updatedAt).toBe(profile.updatedAt);
      // The next run is a later batch, not a fresh first one.
      expect((await runMatcher(server.app, user.userId)).added.length).toBeLessThanOrEqual(DEFAULT_MATCHER.nextBatch);
    } finally {
      server.app.liraMatcher = agent;
    }
  });
  it("the apartment page's AI index explains the user's own wishes once an AI-search profile exists", async () => {
    const { token } = await signedInUser(server);
    const apartmentId = [...server.app.memory.apartments.values()].find((a) => a.cityId === 77)!.id;
    const info = async () => (await server.request('apartmentSelectionInfo', { query: { id: apartmentId }, token })).body.data;
    const anonymous = await info();
    // Before AI search the buyer's model starts from the first preset: its wishes explain the index.
    expect(anonymous.agentProfile).toBe(false);
    expect(anonymous.wishesTexts.map((w) => w.code)).toEqual(['METRO_NEARBY', 'PRICE_BELOW_MARKET']);
    await server.request('liraProfileCreate', { body: liraPayload, token });
    const personal = await info();
    expect(personal.agentProfile).toBe(true);
    // METRO_NEARBY (very important) and the portrait's priors are explained, each with its own percent.
    expect(personal.wishesTexts.map((w) => w.code)).toContain('METRO_NEARBY');
    for (const wish of personal.wishesTexts) expect(wish.percent).toBeGreaterThanOrEqual(0);
    expect(personal.relevancePercent).toBeGreaterThanOrEqual(0);
    expect(personal.relevancePercent).toBeLessThanOrEqual(100);
  });
});
