import type { CatalogueMemory } from '../catalog/memory';
import { buildColumns, type CityColumns } from './columns';
import { rank, type RankQuery, type RankResult } from './query';
import { learnTaste, type Taste, type TasteRating } from './taste/model';
import { tasteRatings, type StoredReaction } from './taste/ratings';

/** Per-city columnar indexes over the in-memory catalogue, rebuilt when a city's listings change. */
export class Engine {
  private readonly cities = new Map<number, CityColumns>();

  /** `observeRank`: told how long each ranked query took, in seconds (metrics). */
  constructor(
    private readonly memory: CatalogueMemory,
    private readonly observeRank: (seconds: number) => void = () => undefined,
  ) {}

  refresh(cityIds: Iterable<number> = this.memory.byCity.keys()): void {
    for (const cityId of cityIds) {
      this.cities.set(cityId, buildColumns(cityId, this.memory.apartmentsOf(cityId), this.memory.complexes));
    }
  }

  columns(cityId: number): CityColumns | undefined {
    return this.cities.get(cityId);
  }

  /** The user's reactions as the taste model reads them (listings no longer in the catalogue are left out). */
  ratings(reactions: ReadonlyMap<number, StoredReaction>): TasteRating[] {
    return tasteRatings(this.memory, (cityId) => this.cities.get(cityId), reactions);
  }

  /** What the user's ratings teach about their taste, in one city's terms (no exploration: for explanations). */
  taste(cityId: number, reactions: ReadonlyMap<number, StoredReaction>): Taste | undefined {
    const columns = this.cities.get(cityId);
    return columns && learnTaste(columns.tasteEdges, this.ratings(reactions));
  }

  /** Ranks one city; an unknown city has nothing to rank. */
  rank(cityId: number, query: RankQuery): RankResult & { columns: CityColumns | undefined } {
    const columns = this.cities.get(cityId);
    if (!columns) return { items: [], total: 0, strictTotal: 0, columns };
    const started = performance.now();
    const result = rank(columns, query);
    this.observeRank((performance.now() - started) / 1000);
    return { ...result, columns };
  }
}
