import { roomsAndArea } from '@kvarta/contract/apartment-title';
import { formatNumber } from '@kvarta/contract/format';
import type { FavouriteChange } from '@kvarta/contract/favourite-marks';
import type { AppContext } from '../context';
import { refreshMarks } from './marks';

const DAY_MS = 86_400_000;
/** Users looked at per run: the rest wait for the next one (every few minutes). */
const USERS_PER_RUN = 2_000;

interface ToldChange {
  apartment_id: number;
  change: FavouriteChange;
  old_price: number | string | null;
  new_price: number | string | null;
}

const FAVOURITE_ALERTS_FOOTER = 'Оповещения об избранном можно выключить в разделе «Избранное».';

/** One message for all of a user's news: a line per favourite, drops first. */
function alertText(ctx: Pick<AppContext, 'memory'>, changes: readonly ToldChange[]): string {
  const line = (c: ToldChange) => {
    const a = ctx.memory.apartments.get(c.apartment_id);
    const complex = a ? ctx.memory.complexes.get(a.complexId)?.name : undefined;
    const what = a
      ? `${roomsAndArea(a.roomsCnt, a.areaTotal, 'nominative', a.isApartHotel ? 'apartments' : 'flat')}${complex ? `, ${complex}` : ''}`
      : `Квартира №${c.apartment_id}`;
    if (c.change === 'GONE') return `🚫 ${what} — снята с продажи`;
    const from = Number(c.old_price);
    const to = Number(c.new_price);
    return `📉 ${what} — цена снижена: ${formatNumber(from, 'rub')} → ${formatNumber(to, 'rub')} (−${formatNumber(from - to, 'rub')})`;
  };
  const sorted = [...changes].sort((x, y) =>
    x.change === y.change ? x.apartment_id - y.apartment_id : x.change === 'PRICE_DROP' ? -1 : 1,
  );
  return ['Новости вашего избранного:', ...sorted.map(line), '', FAVOURITE_ALERTS_FOOTER].join('\n');
}

/**
 * The favourites' alerts: marks brought up to date for everyone with Telegram and a like, then at most one message a
 * day per user with every change not yet told. The day's message is claimed in the database (`last_sent_at`, then the
 * changes' `alerted_at` in the same transaction) before it is sent, so two workers never both send it; a send that
 * fails gives the claim back for the next run.
 */
export async function runFavouriteAlerts(
  ctx: AppContext,
  now: Date = ctx.now(),
): Promise<{ checked: number; sent: number; failed: string[] }> {
  const { rows: users } = await ctx.db.query<{ id: number; telegram_id: string }>(
    `SELECT u.id, u.telegram_id FROM users u
      WHERE u.telegram_id IS NOT NULL AND EXISTS (SELECT 1 FROM reactions r WHERE r.user_id = u.id AND r.action = 'LIKE')
        AND NOT EXISTS (SELECT 1 FROM favourite_alert_settings s WHERE s.user_id = u.id AND NOT s.enabled)
      ORDER BY u.id LIMIT ${USERS_PER_RUN}`,
  );
  let sent = 0;
  const failed: string[] = [];
  for (const user of users) {
    await refreshMarks(ctx.db, ctx.memory, user.id, now);
    const claimed = await ctx.db.transaction(async (tx) => {
      const due = await tx.query<{ user_id: number }>(
        `INSERT INTO favourite_alert_settings AS s (user_id, last_sent_at) VALUES ($1, $2)
         ON CONFLICT (user_id) DO UPDATE SET last_sent_at = $2
          WHERE s.enabled AND (s.last_sent_at IS NULL OR s.last_sent_at <= $3)
            AND EXISTS (SELECT 1 FROM favourite_marks m WHERE m.user_id = $1 AND m.change IS NOT NULL AND m.alerted_at IS NULL)
         RETURNING user_id`,
        [user.id, now.toISOString(), new Date(now.getTime() - DAY_MS).toISOString()],
      );
      if (due.rows.length === 0) return null;
      const told = await tx.query<ToldChange>(
        `UPDATE favourite_marks m SET alerted_at = $2
           FROM reactions r
          WHERE m.user_id = $1 AND m.change IS NOT NULL AND m.alerted_at IS NULL
            AND r.user_id = m.user_id AND r.apartment_id = m.apartment_id AND r.action = 'LIKE'
          RETURNING m.apartment_id, m.change, m.old_price, m.new_price`,
        [user.id, now.toISOString()],
      );
      return told.rows;
    });
    if (!claimed) continue;
    if (claimed.length === 0) {
      // A fresh settings row claimed with nothing liked to tell: give the day back.
      await ctx.db.query('UPDATE favourite_alert_settings SET last_sent_at = NULL WHERE user_id = $1 AND last_sent_at = $2', [
        user.id,
        now.toISOString(),
      ]);
      continue;
    }
    try {
      await ctx.bot.sendMessage(Number(user.telegram_id), alertText(ctx, claimed), [
        [{ text: 'Открыть избранное', webAppUrl: favouritesUrl(ctx.miniAppUrl) }],
      ]);
      sent++;
    } catch (error) {
      await ctx.db.transaction(async (tx) => {
        await tx.query('UPDATE favourite_alert_settings SET last_sent_at = NULL WHERE user_id = $1 AND last_sent_at = $2', [
          user.id,
          now.toISOString(),
        ]);
        await tx.query('UPDATE favourite_marks SET alerted_at = NULL WHERE user_id = $1 AND alerted_at = $2', [user.id, now.toISOString()]);
      });
      failed.push(error instanceof Error ? error.message : String(error));
    }
  }
  return { checked: users.length, sent, failed };
}

function favouritesUrl(miniAppUrl: string): string {
  return `${miniAppUrl.replace(/\/+$/, '')}/favourites`;
}
