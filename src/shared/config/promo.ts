/**
 * The TOP page's promo video: its slides are rendered into public/video/kvarta-promo.webm by
 * scripts/make-promo-video.ts and double as the transcript under the player.
 */
export const PROMO_SLIDES = [
  { title: 'Кварта — цифровой риелтор', text: 'Поможем найти одну квартиру —\nвашу' },
  { title: 'ИИ Поиск за 5 шагов', text: 'Кто будет жить, где, бюджет,\nкомнаты и пожелания' },
  { title: 'Агент ищет каждый день', text: 'Новые варианты приходят\nпрямо в Telegram' },
  { title: '👍 или 👎 — он учится', text: 'Каждая оценка делает\nследующую подборку точнее' },
  { title: 'Бесплатно на три дня', text: 'Попробуйте ИИ Поиск\nбез оплаты' },
] as const;

export const PROMO_VIDEO_PATH = 'video/kvarta-promo.webm';
