import { z } from 'zod';

/** One feed import as the operator sees it (GET /api/admin/feeds): what it read, did, skipped and refused. */
export const feedImportSchema = z.object({
  id: z.number().int(),
  source: z.string(),
  location: z.string(),
  status: z.enum(['running', 'done', 'failed']),
  full: z.boolean(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  counts: z.object({
    read: z.number().int(),
    created: z.number().int(),
    updated: z.number().int(),
    unchanged: z.number().int(),
    sold: z.number().int(),
    skipped: z.number().int(),
    rejected: z.number().int(),
    priceChanges: z.number().int(),
  }),
  skipped: z.record(z.string(), z.number().int()),
  rejected: z.array(z.object({ internalId: z.string().nullable(), element: z.string(), reason: z.string() })),
  error: z.string().nullable(),
});
export type FeedImport = z.infer<typeof feedImportSchema>;

export const feedImportListSchema = z.array(feedImportSchema);
