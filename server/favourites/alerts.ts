import { roomsAndArea } from '@kvarta/contract/apartment-title';
import { formatNumber } from '@kvarta/contract/format';
import { readJobCursor, writeJobCursor } from '../infra/job-cursors';
import { refreshMarks } from './marks';
import { alertRecipients, claimAlertDay, claimUntoldChanges, releaseAlertDay, releaseToldChanges } from './repository';
import type { Database } from '../db/connection';
import type { CatalogueMemory } from '../catalog/memory';
import type { BotGateway } from '../infra/bot-gateway';

/** What this module uses of the running server: handed over by the composition, never the whole of it. */
interface Needs {
  db: Database;
  memory: CatalogueMemory;
  bot: BotGateway;
  miniAppUrl: string;
  now: () => Date;
}

const DAY_MS = 86_400_000;
/** Users looked at per run: the rest wait for the next one (every few minutes), which goes on where this one stopped. */
const USERS_PER_RUN = 2_000;
const CURSOR = 'favourite-alerts';

/**
 * This run's users: the next USERS_PER_RUN by id after where the last run stopped, going round to the first users
 * when the end comes sooner, so every user is looked at within ⌈users / USERS_PER_RUN⌉ runs. The place is saved
 * before the users are looked at: a run that fails on one user does not hold everyone after them back.
 */
async function recipientsOfThisRun(db: Needs['db'], usersPerRun: number) {
  const after = await readJobCursor(db, CURSOR);
  const tail = await alertRecipients(db, usersPerRun, after);
  const head = tail.length < usersPerRun && after > 0 ? await alertRecipients(db, usersPerRun - tail.length, 0, after) : [];
  const users = [...tail, ...head];
  // A full slice goes on after its last user next time; a short one has seen everyone, so the next starts afresh.
  await writeJobCursor(db, CURSOR, users.length === usersPerRun ? users.at(-1)!.id : 0);
  return users;
}

type ToldChange = Awaited<ReturnType<typeof claimUntoldChanges>>[number];

const FAVOURITE_ALERTS_FOOTER = 'Оповещения об избранном можно выключить в разделе «Избранное».';

/** One message for all of a user's news: a line per favourite, drops first. */
function alertText(ctx: Pick<Needs, 'memory'>, changes: readonly ToldChange[]): string {
  const line = (c: ToldChange) => {
    const a = ctx.memory.apartments.get(c.apartmentId);
    const complex = a ? ctx.memory.complexes.get(a.complexId)?.name : undefined;
    const what = a
      ? `${roomsAndArea(a.roomsCnt, a.areaTotal, 'nominative', a.isApartHotel ? 'apartments' : 'flat')}${complex ? `, ${complex}` : ''}`
      : `Квартира №${c.apartmentId}`;
    if (c.change === 'GONE') return `🚫 ${what} — снята с продажи`;
    const from = c.oldPrice ?? 0;
    const to = c.newPrice ?? 0;
    return `📉 ${what} — цена снижена: ${formatNumber(from, 'rub')} → ${formatNumber(to, 'rub')} (−${formatNumber(from - to, 'rub')})`;
  };
  const sorted = [...changes].sort((x, y) => (x.change === y.change ? x.apartmentId - y.apartmentId : x.change === 'PRICE_DROP' ? -1 : 1));
  return ['Новости вашего избранного:', ...sorted.map(line), '', FAVOURITE_ALERTS_FOOTER].join('\n');
}

/**
 * The favourites' alerts: marks brought up to date for everyone with Telegram and a like, then at most one message a
 * day per user with every change not yet told. The day's message is claimed in the database (`last_sent_at`, then the
 * changes' `alerted_at` in the same transaction) before it is sent, so two workers never both send it; a send that
 * fails gives the claim back for the next run. `usersPerRun` is smaller only in tests, so that going on across runs is
 * tested without thousands of users.
 */
export async function runFavouriteAlerts(
  ctx: Needs,
  now: Date = ctx.now(),
  usersPerRun = USERS_PER_RUN,
): Promise<{ checked: number; sent: number; failed: string[] }> {
  const users = await recipientsOfThisRun(ctx.db, usersPerRun);
  let sent = 0;
  const failed: string[] = [];
  for (const user of users) {
    await refreshMarks(ctx.db, ctx.memory, user.id, now);
    const claimed = await ctx.db.transaction(async (tx) =>
      (await claimAlertDay(tx, user.id, now, new Date(now.getTime() - DAY_MS))) ? claimUntoldChanges(tx, user.id, now) : null,
    );
    if (!claimed) continue;
    if (claimed.length === 0) {
      // A fresh settings row claimed with nothing liked to tell: give the day back.
      await releaseAlertDay(ctx.db, user.id, now);
      continue;
    }
    try {
      await ctx.bot.sendMessage(Number(user.telegramId), alertText(ctx, claimed), [
        [{ text: 'Открыть избранное', webAppUrl: favouritesUrl(ctx.miniAppUrl) }],
      ]);
      sent++;
    } catch (error) {
      await ctx.db.transaction(async (tx) => {
        await releaseAlertDay(tx, user.id, now);
        await releaseToldChanges(tx, user.id, now);
      });
      failed.push(error instanceof Error ? error.message : String(error));
    }
  }
  return { checked: users.length, sent, failed };
}

function favouritesUrl(miniAppUrl: string): string {
  return `${miniAppUrl.replace(/\/+$/, '')}/favourites`;
}
