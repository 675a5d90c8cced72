import { z } from 'zod';

/** Every successful answer of our three APIs: `{result: 'ok', data}`. */
export function okEnvelope<T extends z.ZodType>(data: T) {
  return z.object({ result: z.literal('ok'), data });
}

/** Every failure: a readable Russian or English message, the HTTP status and optional detail. */
export const errorEnvelopeSchema = z.object({
  result: z.literal('error'),
  message: z.string(),
  statusCode: z.number().int(),
  detail: z.unknown().optional(),
});

export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;
export type OkEnvelope<T> = { result: 'ok'; data: T };
