import { z } from 'zod';

/** POST /passport/data/token and the sign-in calls answer with this. */
export const tokenResponseSchema = z.object({
  token: z.string(),
  /** Unix time in seconds when the token stops being valid (the JWT `exp`). */
  expires: z.number().int(),
  isAnonymous: z.boolean(),
});
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

/** The JWT payload: our user id, expiry (seconds) and whether the user is anonymous. */
export const tokenPayloadSchema = z.object({
  id: z.number().int(),
  exp: z.number().int(),
  isAnonymous: z.boolean(),
});
export type TokenPayload = z.infer<typeof tokenPayloadSchema>;
