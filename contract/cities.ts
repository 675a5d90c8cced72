/** Supported cities (spec §1, §9). Zod-free so the client can import the values. */
export const SUPPORTED_KLADR = [78, 77, 161, 541, 661] as const;
export const DEFAULT_CITY_KLADR = 78;
