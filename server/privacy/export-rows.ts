import { and, asc, eq, inArray, or } from 'drizzle-orm';
import { telegramBindings, users } from '../auth/schema';
import { callbackRequests } from '../callback/schema';
import { consents } from '../consent/schema';
import type { Queryable } from '../core/database';
import { favouriteAlertSettings, favouriteMarks } from '../favourites/schema';
import { liraProfiles, liraSuggestions } from '../lira/schema';
import { reactions, topProfiles } from '../selection/schema';
import { payments, promocodeRedemptions, subscriptions } from '../subscription/schema';

/**
 * The person's rows for «Мои данные», each read with the columns it shows and no other (never `SELECT *`: a new
 * internal column must not reach the export by itself). readable-export.ts turns them into words.
 */
export async function exportRowsOf(db: Queryable, userId: number) {
  const [user] = await db.orm
    .select({
      name: users.name,
      cityId: users.cityId,
      telegramId: users.telegramId,
      personalised: users.personalised,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) return null;
  const [bindings, ratings, marks, alerts, top, lira, suggestions, subs, redemptions, paid, decisions, callbacks] = await Promise.all([
    db.orm
      .select({
        type: telegramBindings.type,
        source: telegramBindings.source,
        userAgent: telegramBindings.userAgent,
        createdAt: telegramBindings.createdAt,
        usedAt: telegramBindings.usedAt,
      })
      .from(telegramBindings)
      // Asked from this account, or confirmed in the bot by its Telegram (a sign-in is asked by a browser's
      // anonymous session and confirmed by the person's Telegram).
      .where(
        or(eq(telegramBindings.requesterId, userId), user.telegramId ? eq(telegramBindings.telegramUserId, user.telegramId) : undefined),
      )
      .orderBy(asc(telegramBindings.createdAt)),
    db.orm
      .select({
        apartmentId: reactions.apartmentId,
        action: reactions.action,
        notices: reactions.notices,
        selectionType: reactions.selectionType,
        updatedAt: reactions.updatedAt,
      })
      .from(reactions)
      .where(eq(reactions.userId, userId))
      .orderBy(asc(reactions.updatedAt)),
    db.orm
      .select({
        apartmentId: favouriteMarks.apartmentId,
        note: favouriteMarks.note,
        seenPrice: favouriteMarks.seenPrice,
        change: favouriteMarks.change,
        oldPrice: favouriteMarks.oldPrice,
        newPrice: favouriteMarks.newPrice,
        changedAt: favouriteMarks.changedAt,
      })
      .from(favouriteMarks)
      .where(eq(favouriteMarks.userId, userId)),
    db.orm
      .select({ enabled: favouriteAlertSettings.enabled, lastSentAt: favouriteAlertSettings.lastSentAt })
      .from(favouriteAlertSettings)
      .where(eq(favouriteAlertSettings.userId, userId)),
    db.orm
      .select({ payload: topProfiles.payload, updatedAt: topProfiles.updatedAt })
      .from(topProfiles)
      .where(eq(topProfiles.userId, userId)),
    db.orm
      .select({
        payload: liraProfiles.payload,
        settings: liraProfiles.settings,
        status: liraProfiles.status,
        createdAt: liraProfiles.createdAt,
        updatedAt: liraProfiles.updatedAt,
      })
      .from(liraProfiles)
      .where(eq(liraProfiles.userId, userId)),
    db.orm
      .select({
        apartmentId: liraSuggestions.apartmentId,
        suggestedAt: liraSuggestions.suggestedAt,
        suggestionType: liraSuggestions.suggestionType,
        relevancePercent: liraSuggestions.relevancePercent,
      })
      .from(liraSuggestions)
      .where(eq(liraSuggestions.userId, userId))
      .orderBy(asc(liraSuggestions.suggestedAt)),
    db.orm
      .select({
        serviceType: subscriptions.serviceType,
        status: subscriptions.status,
        expiredAt: subscriptions.expiredAt,
        autoRenewal: subscriptions.autoRenewal,
        method: subscriptions.method,
        planDays: subscriptions.planDays,
        planAmount: subscriptions.planAmount,
        planCurrency: subscriptions.planCurrency,
        trial: subscriptions.trial,
        createdAt: subscriptions.createdAt,
      })
      .from(subscriptions)
      .where(eq(subscriptions.userId, userId)),
    db.orm
      .select({ code: promocodeRedemptions.code, redeemedAt: promocodeRedemptions.redeemedAt })
      .from(promocodeRedemptions)
      .where(eq(promocodeRedemptions.userId, userId))
      .orderBy(asc(promocodeRedemptions.redeemedAt)),
    // Completed payments only: an abandoned or declined checkout is no payment of theirs.
    db.orm
      .select({
        serviceType: payments.serviceType,
        provider: payments.provider,
        kind: payments.kind,
        days: payments.days,
        amount: payments.amount,
        currency: payments.currency,
        promocode: payments.promocode,
        status: payments.status,
        receiptEmail: payments.receiptEmail,
        createdAt: payments.createdAt,
        completedAt: payments.completedAt,
      })
      .from(payments)
      .where(
        and(
          // Theirs by account, or paid with Stars from their Telegram.
          or(eq(payments.userId, userId), user.telegramId ? eq(payments.telegramUserId, Number(user.telegramId)) : undefined),
          inArray(payments.status, ['SUCCEEDED', 'REFUNDED']),
        ),
      )
      .orderBy(asc(payments.createdAt)),
    db.orm
      .select({
        purpose: consents.purpose,
        given: consents.given,
        version: consents.version,
        decidedAt: consents.decidedAt,
        givenAt: consents.givenAt,
        channel: consents.channel,
      })
      .from(consents)
      .where(eq(consents.userId, userId))
      .orderBy(asc(consents.purpose)),
    db.orm
      .select({
        userName: callbackRequests.userName,
        phone: callbackRequests.phone,
        cityName: callbackRequests.cityName,
        refererUrl: callbackRequests.refererUrl,
        extraField: callbackRequests.extraField,
        createdAt: callbackRequests.createdAt,
        consentAt: callbackRequests.consentAt,
        consentVersion: callbackRequests.consentVersion,
      })
      .from(callbackRequests)
      .where(eq(callbackRequests.userId, userId))
      .orderBy(asc(callbackRequests.createdAt)),
  ]);
  return {
    user,
    bindings,
    ratings,
    marks,
    alerts: alerts[0] ?? null,
    top: top[0] ?? null,
    lira: lira[0] ?? null,
    suggestions,
    subs,
    redemptions,
    paid,
    decisions,
    callbacks,
  };
}

export type ExportRows = NonNullable<Awaited<ReturnType<typeof exportRowsOf>>>;
