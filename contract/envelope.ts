import { z } from 'zod';

/** Every failure: a readable Russian or English message, the HTTP status and optional detail. */
export const errorEnvelopeSchema = z.object({
  result: z.literal('error'),
  message: z.string(),
  statusCode: z.number().int(),
  detail: z.unknown().optional(),
});

export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;
export type OkEnvelope<T> = { result: 'ok'; data: T };
