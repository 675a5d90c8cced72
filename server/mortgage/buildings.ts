import type { MapBuilding } from '@kvarta/contract/catalog';
import { bestOffer, moscowDate, type Borrower, type MortgageProgram } from '@kvarta/contract/mortgage';
import type { MortgageInfo } from '@kvarta/contract/selection';
import { visiblePrograms } from './repository';
import type { Database } from '../db/connection';
import type { CatalogueMemory } from '../catalog/memory';

/** What this module uses of the running server: handed over by the composition, never the whole of it. */
interface Needs {
  db: Database;
  memory: CatalogueMemory;
  env: 'development' | 'production' | 'test';
  now: () => Date;
}

/**
 * Fills a map building's `monthlyPayment` (spec: "from bestMonthlyPayment") with the lowest payment for its cheapest
 * listing among the programmes open to this buyer, and `mortgage` with the programme it was computed for; both stay
 * null without one (production with no programme entered shows no figure at all).
 */
export function buildingPayments(
  buildings: MapBuilding[],
  programs: readonly MortgageProgram[],
  realtyOf: (apartmentId: number) => 'NEW' | 'RESALE' | undefined,
  buyer: Borrower & { initialFee: number },
  today: string,
): MapBuilding[] {
  if (programs.length === 0) return buildings;
  return buildings.map((b) => {
    const realtyType = b.apartmentIds.map(realtyOf).find((r) => r !== undefined);
    if (!realtyType) return b;
    const offer = bestOffer(programs, { price: b.priceTotalMin, realtyType }, buyer, today);
    return offer ? { ...b, monthlyPayment: offer.monthlyPayment, mortgage: offer } : b;
  });
}

/** The map's buildings with payments for this buyer's `mortgageInfo`, from the programmes buyers may see today. */
export async function withMortgagePayments(
  ctx: Pick<Needs, 'db' | 'env' | 'now' | 'memory'>,
  buildings: MapBuilding[],
  info: MortgageInfo,
): Promise<MapBuilding[]> {
  const today = moscowDate(ctx.now());
  const programs = await visiblePrograms(ctx.db, { production: ctx.env === 'production', today });
  return buildingPayments(
    buildings,
    programs,
    (id) => ctx.memory.apartments.get(id)?.realtyType,
    { ...info.loanerInfo, initialFee: info.initialFee },
    today,
  );
}
