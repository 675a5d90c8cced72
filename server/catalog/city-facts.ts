import { cities } from './schema';
import { marketPricePerMeter } from './market';
import type { CatalogueMemory } from './memory';
import type { Queryable } from '../core/database';

/** What presets need to know about a city. */
export interface CityFacts {
  kladr: number;
  link: string;
  hasMetro: boolean;
  /** The catalogue's average new-build ₽/m²: presets size their price windows by it. */
  newPricePerM2: number;
}

export async function loadCityFacts(db: Queryable, memory: CatalogueMemory): Promise<Map<number, CityFacts>> {
  const rows = await db.orm.select({ kladr: cities.kladr, link: cities.link, hasMetro: cities.hasMetro }).from(cities);
  const facts = new Map<number, CityFacts>();
  for (const r of rows) {
    const fresh = memory.apartmentsOf(r.kladr).filter((a) => a.realtyType === 'NEW' && a.status === 'ACTIVE');
    const market = fresh.length ? marketPricePerMeter(fresh) : 200_000;
    facts.set(r.kladr, { kladr: r.kladr, link: r.link, hasMetro: r.hasMetro, newPricePerM2: market });
  }
  return facts;
}
