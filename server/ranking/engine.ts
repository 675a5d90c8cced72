import type { CatalogueMemory } from '../catalog/memory';
import { buildColumns, type CityColumns } from './columns';
import { rank, type RankQuery, type RankResult } from './query';

/** Per-city columnar indexes over the in-memory catalogue, rebuilt when a city's listings change. */
export class Engine {
  private readonly cities = new Map<number, CityColumns>();

  constructor(private readonly memory: CatalogueMemory) {}

  refresh(cityIds: Iterable<number> = this.memory.byCity.keys()): void {
    for (const cityId of cityIds) {
      this.cities.set(cityId, buildColumns(cityId, this.memory.apartmentsOf(cityId), this.memory.complexes));
    }
  }

  columns(cityId: number): CityColumns | undefined {
    return this.cities.get(cityId);
  }

  /** Ranks one city; an unknown city has nothing to rank. */
  rank(cityId: number, query: RankQuery): RankResult & { columns: CityColumns | undefined } {
    const columns = this.cities.get(cityId);
    if (!columns) return { items: [], total: 0, strictTotal: 0, columns };
    return { ...rank(columns, query), columns };
  }
}
