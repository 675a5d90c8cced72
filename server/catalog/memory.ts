import { gt } from 'drizzle-orm';
import type { Queryable } from '../core/database';
import type { Apartment, Complex, Developer, House } from '../core/model';
import { areas, developers, metroStations } from './schema';
import { loadApartmentsOf, loadCatalogue, loadPhotos, loadPlaces, type Photo } from './repository/listings';

export interface StationInfo {
  id: number;
  name: string;
  color: string;
  cityId: number;
  lat: number;
  lng: number;
}

export interface AreaInfo {
  id: number;
  name: string;
  cityId: number;
}

/**
 * The catalogue in memory, by id: answering an apartment card from maps costs microseconds,
 * and the engine builds its columns from the same objects.
 */
export class CatalogueMemory {
  apartments = new Map<number, Apartment>();
  complexes = new Map<number, Complex>();
  houses = new Map<number, House>();
  developers = new Map<number, Developer>();
  /** Photos of imported listings by apartment id (generated listings have drawings instead). */
  photos = new Map<number, Photo[]>();
  stations = new Map<number, StationInfo>();
  areas = new Map<number, AreaInfo>();
  /** Apartment ids per city, in id order. */
  byCity = new Map<number, number[]>();
  /** Bumped on every change of the listings: what is built from all of them (the sitemap) is rebuilt only then. */
  version = 0;

  static async load(db: Queryable): Promise<CatalogueMemory> {
    const memory = new CatalogueMemory();
    const catalogue = await loadCatalogue(db);
    for (const c of catalogue.complexes) memory.complexes.set(c.id, c);
    for (const h of catalogue.houses) memory.houses.set(h.id, h);
    for (const d of catalogue.developers) memory.developers.set(d.id, d);
    memory.setApartments(catalogue.apartments);
    memory.photos = await loadPhotos(db);
    const stations = await db.orm
      .select({
        id: metroStations.id,
        name: metroStations.name,
        color: metroStations.color,
        cityId: metroStations.cityId,
        lat: metroStations.lat,
        lng: metroStations.lng,
      })
      .from(metroStations);
    for (const s of stations) memory.stations.set(s.id, s);
    const areaRows = await db.orm.select({ id: areas.id, name: areas.name, cityId: areas.cityId }).from(areas);
    for (const a of areaRows) memory.areas.set(a.id, a);
    return memory;
  }

  /** Replaces the listings of the cities present in `apartments` (or all, on first load). */
  setApartments(apartments: Apartment[], cityIds?: number[]): void {
    this.version++;
    const touched = new Set(cityIds ?? apartments.map((a) => a.cityId));
    for (const city of touched) {
      for (const id of this.byCity.get(city) ?? []) this.apartments.delete(id);
      this.byCity.set(city, []);
    }
    for (const a of apartments) {
      this.apartments.set(a.id, a);
      this.byCity.get(a.cityId)!.push(a.id);
    }
  }

  /** Re-reads the listings of some cities, with their complexes, houses, developers and photos (a feed adds all four). */
  async reloadCities(db: Queryable, cityIds: number[]): Promise<void> {
    if (cityIds.length === 0) return;
    const apartments = await loadApartmentsOf(db, cityIds);
    const places = await loadPlaces(db, cityIds);
    const photos = await loadPhotos(db, cityIds);
    const newDevelopers = await db.orm
      .select({ id: developers.id, name: developers.name })
      .from(developers)
      .where(gt(developers.id, this.maxDeveloperId()));
    for (const c of places.complexes) this.complexes.set(c.id, c);
    for (const h of places.houses) this.houses.set(h.id, h);
    for (const d of newDevelopers) this.developers.set(d.id, d);
    for (const a of apartments) this.photos.delete(a.id);
    for (const [id, list] of photos) this.photos.set(id, list);
    this.setApartments(apartments, cityIds);
  }

  private maxDeveloperId(): number {
    let max = 0;
    for (const id of this.developers.keys()) max = Math.max(max, id);
    return max;
  }

  apartmentsOf(cityId: number): Apartment[] {
    return (this.byCity.get(cityId) ?? []).map((id) => this.apartments.get(id)!);
  }
}
