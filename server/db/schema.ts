/** Every table, by capability; drizzle-kit reads this to write migrations. */
export * from '../catalog/schema';
export * from '../auth/schema';
export * from '../content/schema';
export * from '../selection/schema';
export * from '../lira/schema';
export * from '../subscription/schema';
export * from '../callback/schema';
export * from '../infra/schema';
export * from '../feeds/schema';
export * from '../mortgage/schema';
export * from '../favourites/schema';
export * from '../consent/schema';
