import { z } from 'zod';

/** GET /content/faq/list: the assistant drawer's questions and answers. */
export const faqItemSchema = z.object({ id: z.number().int(), question: z.string(), answer: z.string() });
export type FaqItem = z.infer<typeof faqItemSchema>;
export const faqListSchema = z.array(faqItemSchema);
