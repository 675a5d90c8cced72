import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { InfraPoint } from '../core/model';
import { Engine } from '../ranking/engine';
import { loadCityFacts, type CityFacts } from './city-facts';
import { CatalogueMemory } from './memory';
import { loadInfrastructure } from './repository/complexes';

declare module 'fastify' {
  interface FastifyInstance {
    memory: CatalogueMemory;
    engine: Engine;
    cities: Map<number, CityFacts>;
    /** Infrastructure points of a city, loaded once and kept. */
    infrastructureOf(cityId: number): Promise<InfraPoint[]>;
  }
}

/** The catalogue in memory, the ranking engine over it, the cities' facts and their infrastructure. */
export const cataloguePlugin = fp(
  async (app: FastifyInstance) => {
    const memory = await CatalogueMemory.load(app.db);
    const engine = new Engine(memory, (seconds) => app.metrics.rankingQueries.observe(seconds));
    engine.refresh();
    const infrastructure = new Map<number, Promise<InfraPoint[]>>();
    app.decorate('memory', memory);
    app.decorate('engine', engine);
    app.decorate('cities', await loadCityFacts(app.db, memory));
    app.decorate('infrastructureOf', (cityId: number) => {
      if (!infrastructure.has(cityId)) infrastructure.set(cityId, loadInfrastructure(app.db, cityId));
      return infrastructure.get(cityId)!;
    });
  },
  { name: 'kvarta-catalogue', fastify: '5.x', dependencies: ['kvarta-infra'] },
);
