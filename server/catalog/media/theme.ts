import { z } from 'zod';

/** Every generated picture comes in two variants: for a light page and for a dark one (`?theme=dark`). */
export type MediaTheme = 'light' | 'dark';

/** System fonts only (an `<img>` SVG sees no web fonts); DejaVu Sans is what sharp (librsvg) renders the bot's PNGs with. */
export const FONT_FAMILY = "'Segoe UI', Roboto, 'DejaVu Sans', Arial, sans-serif";

/** `?theme=light|dark` of every drawing's URL; light by default (old links, the bot). */
export const themeSchema = z.enum(['light', 'dark'], { message: 'theme: light или dark' }).default('light');
