/**
 * Draws the site-wide link-preview picture (public/og-default.png, 1200×630): messengers and search
 * engines show PNG or JPEG previews, never SVG, so the card is an SVG drawn here and photographed by
 * headless Chromium. Run after changing it: `npx tsx scripts/make-og-image.ts`.
 */
import { writeFileSync } from 'node:fs';
import { chromium } from '@playwright/test';

const WIDTH = 1200;
const HEIGHT = 630;

/** A skyline of houses along the bottom, like the promo video's; heights vary but repeat the same way on every run. */
const houses = Array.from({ length: 12 }, (_, i) => {
  const h = 80 + ((i * 53) % 140);
  const x = 24 + i * 98;
  const windows = Array.from({ length: Math.floor((h - 30) / 34) }, (_, row) =>
    [0, 1]
      .map(
        (col) =>
          `<rect x="${x + 14 + col * 34}" y="${HEIGHT - h + 18 + row * 34}" width="18" height="18" rx="3" fill="#fff" opacity="0.35"/>`,
      )
      .join(''),
  ).join('');
  return `<rect x="${x}" y="${HEIGHT - h}" width="78" height="${h}" rx="6" fill="#fff" opacity="${i % 2 ? 0.2 : 0.13}"/>${windows}`;
}).join('');

const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#2f6bff"/><stop offset="1" stop-color="#7b4dff"/></linearGradient></defs>
<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#bg)"/>
${houses}
<g transform="translate(80 92)">
  <rect width="112" height="112" rx="28" fill="#fff"/>
  <path d="M28 84V49l28-21 28 21v35H66V63H46v21z" fill="#2f6bff"/>
</g>
<text x="224" y="176" font-family="DejaVu Sans, Arial, sans-serif" font-size="92" font-weight="700" fill="#fff">Кварта</text>
<text x="80" y="286" font-family="DejaVu Sans, Arial, sans-serif" font-size="46" font-weight="700" fill="#fff">Цифровой риелтор</text>
<text x="80" y="346" font-family="DejaVu Sans, Arial, sans-serif" font-size="30" fill="#fff" opacity="0.92">Подборка квартир в новостройках и на вторичном рынке</text>
<text x="80" y="388" font-family="DejaVu Sans, Arial, sans-serif" font-size="30" fill="#fff" opacity="0.92">с ИИ-агентом</text>
</svg>`;

const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const browser = await chromium.launch({ executablePath, args: ['--no-sandbox'] });
const page = await browser.newPage({ viewport: { width: WIDTH, height: HEIGHT }, deviceScaleFactor: 1 });
await page.setContent(`<!doctype html><html><body style="margin:0">${svg}</body></html>`);
const png = await page.screenshot({ type: 'png', clip: { x: 0, y: 0, width: WIDTH, height: HEIGHT } });
await browser.close();
writeFileSync('public/og-default.png', png);
console.log(`public/og-default.png: ${WIDTH}×${HEIGHT}, ${png.length} bytes`);
