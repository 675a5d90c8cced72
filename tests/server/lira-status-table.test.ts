import { afterEach, describe, expect, it } from 'vitest';
import { LIRA_STATUSES, type LiraStatus, type SubscriptionStatus } from '@kvarta/contract/lira-rules';
import { liraTransition, shownLiraStatus, statusButtonAction, type LiraAction, type LiraOutcome } from '@kvarta/contract/lira-status';
import type { OfflineBot } from '../../server/dev/telegram/offline-bot';
import { LIRA_JOBS, endExpiredSearches } from '../../server/lira/jobs';
import { runMatcher } from '../../server/lira/matcher';
import { findLiraProfile } from '../../server/lira/profiles';
import { DEMO_PROMOCODES } from '../../server/demo/promocodes';
import { applyEffects } from '../../server/subscription/settlement';
import { effectiveStatus, extendSubscription, findSubscription } from '../../server/subscription/subscriptions';
import { DATABASES, liraPayload, signedInUser, useTestServer } from './helpers';

/*
 * The AI-search status rules as one table, written from the spec (§4 "AI agent status", "Subscription status",
 * "Profile status on load", "Transitions") and our server's choices where the spec is silent. For every action, one
 * row per subscription status before it (none = no subscription) and one cell per profile status before it
 * (NOT_CREATED = no profile). A row starts with the subscription status after the action ("=": unchanged);
 * each cell holds the stored profile status after it:
 *   NC NOT_CREATED · NP NOT_PAID · ST START · AC ACTIVE · SP STOP · RJ REJECTED · CA CANCELLED · EX EXPIRED
 *   +  the agent searches afterwards        !  refused (nothing changes)
 *   @  the bot says once that the search stopped and how to renew
 *   >c / >p / >r  the status button opens the creation form / the payment modal / the auth modal (resubscribe)
 */
const CODES: Record<LiraStatus, string> = {
  NOT_CREATED: 'NC',
  NOT_PAID: 'NP',
  START: 'ST',
  ACTIVE: 'AC',
  STOP: 'SP',
  REJECTED: 'RJ',
  CANCELLED: 'CA',
  EXPIRED: 'EX',
};
const SUBSCRIPTIONS = ['none', 'ACTIVE', 'CANCELLED', 'EXPIRED', 'PAST_DUE'] as const;
type Sub = (typeof SUBSCRIPTIONS)[number];
type Row = readonly [after: string, cells: string];
type Table = Record<Sub, Row>;

//                                       NC    NP    ST    AC    SP    RJ    CA    EX
const TABLE: Record<string, { action: LiraAction; rows: Table }> = {
  start: {
    action: { kind: 'start' },
    rows: {
      none: ['=', '!     !     !     !     !     !     !     !'],
      ACTIVE: ['=', '!     ST+   ST+   AC+   AC+   AC+   AC+   AC+'],
      CANCELLED: ['=', '!     ST+   ST+   CA+   CA+   CA+   CA+   CA+'],
      EXPIRED: ['=', '!     !     !     !     !     !     !     !'],
      PAST_DUE: ['=', '!     !     !     !     !     !     !     !'],
    },
  },
  'toggle on': {
    action: { kind: 'toggle', requested: 'ACTIVE' },
    rows: {
      none: ['=', '!     !     !     !     !     !     !     !'],
      ACTIVE: ['=', '!     AC+   AC+   AC+   AC+   AC+   AC+   AC+'],
      CANCELLED: ['=', '!     CA+   CA+   CA+   CA+   CA+   CA+   CA+'],
      EXPIRED: ['=', '!     !     !     !     !     !     !     !'],
      PAST_DUE: ['=', '!     !     !     !     !     !     !     !'],
    },
  },
  'toggle off': {
    action: { kind: 'toggle', requested: 'STOP' },
    rows: {
      none: ['=', '!     SP    SP    SP    SP    SP    SP    SP'],
      ACTIVE: ['=', '!     SP    SP    SP    SP    SP    SP    SP'],
      CANCELLED: ['=', '!     RJ    RJ    RJ    RJ    RJ    RJ    RJ'],
      EXPIRED: ['=', '!     SP    SP    SP    SP    SP    SP    SP'],
      PAST_DUE: ['=', '!     SP    SP    SP    SP    SP    SP    SP'],
    },
  },
  // The button acts on the status as shown (on load): e.g. NOT_PAID under a cancelled subscription shows REJECTED.
  'status button (bot started)': {
    action: { kind: 'statusButton', messengerConnected: true },
    rows: {
      none: ['=', '>c    NP>p  ST>p  AC>p  SP>p  RJ>p  CA>p  EX>p'],
      ACTIVE: ['=', '>c    NP>p  ST+   SP    AC+   AC+   SP    EX>p'],
      CANCELLED: ['=', '>c    CA+   RJ    RJ    CA+   CA+   RJ    CA+'],
      EXPIRED: ['=', '>c    NP>p  ST>p  AC>p  SP>p  RJ>p  CA>p  EX>p'],
      PAST_DUE: ['=', '>c    NP>p  ST>p  AC>p  SP>p  RJ>p  CA>p  EX>p'],
    },
  },
  'status button (bot not started)': {
    action: { kind: 'statusButton', messengerConnected: false },
    rows: {
      none: ['=', '>c    NP>p  ST>p  AC>p  SP>p  RJ>p  CA>p  EX>p'],
      ACTIVE: ['=', '>c    NP>p  ST+   SP    SP>r  RJ>r  SP    EX>p'],
      CANCELLED: ['=', '>c    NP>r  RJ    RJ    SP>r  RJ>r  RJ    EX>r'],
      EXPIRED: ['=', '>c    NP>p  ST>p  AC>p  SP>p  RJ>p  CA>p  EX>p'],
      PAST_DUE: ['=', '>c    NP>p  ST>p  AC>p  SP>p  RJ>p  CA>p  EX>p'],
    },
  },
  // Cancelled twice (a second press, the provider confirming its own cancel): the same result.
  cancel: {
    action: { kind: 'cancel' },
    rows: {
      none: ['=', '!     !     !     !     !     !     !     !'],
      ACTIVE: ['CANCELLED', 'NC    RJ    CA+   CA+   RJ    RJ    CA+   RJ'],
      CANCELLED: ['CANCELLED', 'NC    RJ    CA+   CA+   RJ    RJ    CA+   RJ'],
      EXPIRED: ['EXPIRED', 'NC    NP    ST    AC    SP    RJ    CA    EX'],
      PAST_DUE: ['EXPIRED', 'NC    NP    ST    AC    SP    RJ    CA    EX'],
    },
  },
  // A paid period granted: what stopped at the period's end (or on cancel) runs again; what the user stopped stays stopped.
  renewal: {
    action: { kind: 'renewal' },
    rows: {
      none: ['ACTIVE', 'NC    NP    ST+   AC+   SP    SP    AC+   AC+'],
      ACTIVE: ['ACTIVE', 'NC    NP    ST+   AC+   SP    SP    AC+   AC+'],
      CANCELLED: ['ACTIVE', 'NC    NP    ST+   AC+   SP    SP    AC+   AC+'],
      EXPIRED: ['ACTIVE', 'NC    NP    ST+   AC+   SP    SP    AC+   AC+'],
      PAST_DUE: ['ACTIVE', 'NC    NP    ST+   AC+   SP    SP    AC+   AC+'],
    },
  },
  // Free days never turn renewal back on: a cancelled subscription stays cancelled, with more days.
  promocode: {
    action: { kind: 'promocode' },
    rows: {
      none: ['ACTIVE', 'NC    NP    ST+   AC+   SP    SP    AC+   AC+'],
      ACTIVE: ['ACTIVE', 'NC    NP    ST+   AC+   SP    SP    AC+   AC+'],
      CANCELLED: ['CANCELLED', 'NC    NP    ST+   CA+   RJ    RJ    CA+   CA+'],
      EXPIRED: ['ACTIVE', 'NC    NP    ST+   AC+   SP    SP    AC+   AC+'],
      PAST_DUE: ['ACTIVE', 'NC    NP    ST+   AC+   SP    SP    AC+   AC+'],
    },
  },
  // A declined renewal pauses the search (shown EXPIRED) and keeps the profile, so the provider's retry resumes it.
  'failed renewal': {
    action: { kind: 'failedRenewal' },
    rows: {
      none: ['=', 'NC    NP    ST    AC    SP    RJ    CA    EX'],
      ACTIVE: ['PAST_DUE', 'NC    NP    ST    AC    SP    RJ    CA    EX'],
      CANCELLED: ['=', 'NC    NP    ST+   AC+   SP    RJ    CA+   EX'],
      EXPIRED: ['=', 'NC    NP    ST    AC    SP    RJ    CA    EX'],
      PAST_DUE: ['=', 'NC    NP    ST    AC    SP    RJ    CA    EX'],
    },
  },
  // The refund took the period's remaining days: the search stops as at the period's end.
  refund: {
    action: { kind: 'refund' },
    rows: {
      none: ['=', 'NC    NP    ST    AC    SP    RJ    CA    EX'],
      ACTIVE: ['EXPIRED', 'NC    NP    EX@   EX@   SP    RJ    EX@   EX'],
      CANCELLED: ['EXPIRED', 'NC    NP    EX@   EX@   SP    RJ    EX@   EX'],
      EXPIRED: ['EXPIRED', 'NC    NP    EX@   EX@   SP    RJ    EX@   EX'],
      PAST_DUE: ['EXPIRED', 'NC    NP    EX@   EX@   SP    RJ    EX@   EX'],
    },
  },
  // The period ended with nothing renewing it; the row is the subscription's status while it ran.
  expiry: {
    action: { kind: 'expiry' },
    rows: {
      none: ['=', 'NC    NP    ST    AC    SP    RJ    CA    EX'],
      ACTIVE: ['EXPIRED', 'NC    NP    EX@   EX@   SP    RJ    EX@   EX'],
      CANCELLED: ['EXPIRED', 'NC    NP    EX@   EX@   SP    RJ    EX@   EX'],
      EXPIRED: ['EXPIRED', 'NC    NP    EX@   EX@   SP    RJ    EX@   EX'],
      PAST_DUE: ['EXPIRED', 'NC    NP    EX@   EX@   SP    RJ    EX@   EX'],
    },
  },
  'first batch': {
    action: { kind: 'firstBatch' },
    rows: {
      none: ['=', 'NC    NP    ST    AC    SP    RJ    CA    EX'],
      ACTIVE: ['=', 'NC    NP    AC+   AC+   SP    RJ    CA+   EX'],
      CANCELLED: ['=', 'NC    NP    CA+   AC+   SP    RJ    CA+   EX'],
      EXPIRED: ['=', 'NC    NP    ST    AC    SP    RJ    CA    EX'],
      PAST_DUE: ['=', 'NC    NP    ST    AC    SP    RJ    CA    EX'],
    },
  },
};

const subOf = (sub: Sub): SubscriptionStatus | null => (sub === 'none' ? null : sub);

/** One cell as the table writes it. */
function cell(before: LiraStatus, result: LiraOutcome): string {
  if (result.error !== undefined) return '!';
  const opens = result.opens ? `>${result.opens[0]}` : '';
  return `${CODES[result.profile]}${result.runs ? '+' : ''}${result.notifyExpired ? '@' : ''}${opens}`.replace(/^NC(?=>)/, '');
}
const rowOf = (sub: Sub, results: Array<{ before: LiraStatus; result: LiraOutcome }>): Row => {
  const afters = new Set(results.filter((r) => r.result.error === undefined).map((r) => r.result.subscription));
  const after = afters.size === 1 ? ([...afters][0] ?? 'none') : [...afters].join('|');
  return [
    after === sub || afters.size === 0 ? '=' : after,
    results
      .map((r) => cell(r.before, r.result).padEnd(6))
      .join('')
      .trimEnd(),
  ];
};
const normalise = (rows: Table): Record<string, Row> =>
  Object.fromEntries(
    Object.entries(rows).map(([sub, [after, cells]]) => [
      sub,
      [
        after === sub ? '=' : after,
        cells
          .split(/\s+/)
          .map((c) => c.padEnd(6))
          .join('')
          .trimEnd(),
      ],
    ]),
  );

describe('the status rules (contract/lira-status.ts)', () => {
  for (const [name, { action, rows }] of Object.entries(TABLE)) {
    it(`${name}: every subscription × profile status`, () => {
      const got = Object.fromEntries(
        SUBSCRIPTIONS.map((sub) => [
          sub,
          rowOf(
            sub,
            LIRA_STATUSES.map((profile) => ({ before: profile, result: liraTransition({ subscription: subOf(sub), profile }, action) })),
          ),
        ]),
      );
      expect(got).toEqual(normalise(rows));
    });
  }
});

/*
 * The same table through the server's own code paths: each cell is a fresh signed-in user put in the "before" state,
 * the action done the way the app, the payment settlement or the worker does it, then the stored statuses read back
 * and the agent asked for a batch (it searches iff it adds one). Failed renewal and refund arrive as payment
 * notifications and are settled there; their rows are checked above.
 */
describe.each(DATABASES)('the status rules as the server applies them on %s', (kind) => {
  const server = useTestServer(kind);
  afterEach(() => {
    server.app.now = () => new Date();
  });
  const DAY = 86_400_000;

  async function userIn(sub: Sub, profile: LiraStatus, ended: boolean) {
    const user = await signedInUser(server);
    const now = Date.now();
    if (profile !== 'NOT_CREATED') {
      await server.request('liraProfileCreate', { body: liraPayload, token: user.token });
      await server.db.query('UPDATE lira_profiles SET status = $2 WHERE user_id = $1', [user.userId, profile]);
    }
    if (sub !== 'none') {
      // A card plan that renews while ACTIVE; the provider's subscription id is left out, so no cancel goes to it.
      const days = ended ? -8 : sub === 'EXPIRED' ? -2 : sub === 'PAST_DUE' ? -0.5 : 5;
      await server.db.query(
        `INSERT INTO subscriptions (user_id, service_type, status, expired_at, auto_renewal, method, plan_days, plan_amount, plan_currency, trial, updated_at)
         VALUES ($1, 'LIRA_4', $2, $3, $4, 'card', 30, 1490, 'RUB', false, $5)`,
        [user.userId, sub, new Date(now + days * DAY).toISOString(), sub === 'ACTIVE' || sub === 'PAST_DUE', new Date(now).toISOString()],
      );
    }
    return user;
  }

  async function stateOf(userId: number) {
    const [profile, subscription] = await Promise.all([findLiraProfile(server.db, userId), findSubscription(server.db, userId)]);
    return {
      profile: profile?.status ?? ('NOT_CREATED' as const),
      subscription: subscription ? effectiveStatus(subscription, server.app.now()) : null,
    };
  }

  const put = (token: string, status: string) =>
    server.request('liraStatus', { body: { status } as never, token }).then((r) => r.status === 200);

  /** Does the action its way; false when the server refused it. Answers what the status button opened, if anything. */
  async function act(name: string, user: { token: string; userId: number; telegramId: number }): Promise<{ ok: boolean; opens?: string }> {
    const ctx = server.app;
    switch (name) {
      case 'start':
        return { ok: await put(user.token, 'START') };
      case 'toggle on':
        return { ok: await put(user.token, 'ACTIVE') };
      case 'toggle off':
        return { ok: await put(user.token, 'STOP') };
      case 'status button (bot started)':
      case 'status button (bot not started)': {
        // The client's part: the button acts on the status as loaded, and asks the server only to stop or resume.
        const pressed = statusButtonAction(shownLiraStatus(await stateOf(user.userId)), name === 'status button (bot started)');
        if (pressed === 'stop' || pressed === 'resume') return { ok: await put(user.token, pressed === 'stop' ? 'STOP' : 'ACTIVE') };
        return { ok: true, opens: { 'open-creation': 'creation', pay: 'payment', resubscribe: 'resubscribe', none: undefined }[pressed] };
      }
      case 'cancel': {
        const cancel = () => server.request('subscriptionCancel', { query: { serviceType: 'LIRA_4' }, token: user.token });
        const first = await cancel();
        await cancel();
        return { ok: first.status === 200 };
      }
      case 'renewal': {
        // What settling a paid charge does: the days under the subscription's lock, then the effects.
        const plan = { method: 'card' as const, days: 7, amount: 690, currency: 'RUB' as const };
        await server.db.transaction((tx) => extendSubscription(tx, user.userId, 7, ctx.now(), { plan, renews: true }));
        await applyEffects(ctx, [{ kind: 'activated', userId: user.userId }]);
        return { ok: true };
      }
      case 'promocode': {
        const body = { promocode: DEMO_PROMOCODES.week.code, days: 7, serviceType: 'LIRA_4' };
        return { ok: (await server.request('subscribe', { body: body as never, token: user.token })).status === 200 };
      }
      case 'expiry':
        // Twice, as two workers would: the rules' message goes out once.
        await Promise.all([endExpiredSearches(ctx), endExpiredSearches(ctx)]);
        await endExpiredSearches(ctx);
        return { ok: true };
      case 'first batch':
        await runMatcher(ctx, user.userId);
        return { ok: true };
    }
    throw new Error(`no server path for ${name}`);
  }

  const SERVER_ACTIONS = Object.keys(TABLE).filter((name) => name !== 'failed renewal' && name !== 'refund');
  for (const name of SERVER_ACTIONS) {
    it(`${name}: every subscription × profile status`, { timeout: 120_000 }, async () => {
      const bot = server.app.bot as OfflineBot;
      const got: Record<string, Row> = {};
      for (const sub of SUBSCRIPTIONS) {
        const results: Array<{ before: LiraStatus; result: LiraOutcome }> = [];
        for (const before of LIRA_STATUSES) {
          const user = await userIn(sub, before, name === 'expiry');
          const messagesBefore = (await bot.messagesFor(user.telegramId)).length;
          // The «search ended» message is a job (retried while Telegram fails): counted as sent once it is queued.
          const queue = server.app.queue;
          const send = queue.send.bind(queue);
          let queuedMessages = 0;
          queue.send = async (job, data, options) => {
            if (job === LIRA_JOBS.endedMessage && (data as { telegramId?: number }).telegramId === user.telegramId) queuedMessages += 1;
            return send(job, data, options);
          };
          const { ok, opens } = await act(name, user).finally(() => (queue.send = send));
          const after = await stateOf(user.userId);
          const notified = (await bot.messagesFor(user.telegramId)).length - messagesBefore + queuedMessages;
          // The agent searches iff it adds a batch now.
          const runs = (await runMatcher(server.app, user.userId)).added.length > 0;
          results.push({
            before,
            result: {
              ...(ok ? after : { profile: before, subscription: subOf(sub) }),
              runs: ok && runs,
              ...(ok ? {} : { error: 'refused' }),
              ...(opens ? { opens: opens as LiraOutcome['opens'] } : {}),
              ...(name === 'expiry' && notified > 0 ? { notifyExpired: notified === 1 } : {}),
            },
          });
          if (name === 'expiry') expect(notified, `${sub} × ${before}: one message at most`).toBeLessThanOrEqual(1);
        }
        got[sub] = rowOf(sub, results);
      }
      expect(got).toEqual(normalise(TABLE[name]!.rows));
    });
  }
});
