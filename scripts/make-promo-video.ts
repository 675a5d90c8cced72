/**
 * Renders the TOP page's promo video (public/video/kvarta-promo.webm) in headless Chromium:
 * slides drawn on a canvas and recorded with MediaRecorder, so no video tool is needed.
 * Run after changing the slides: `npx tsx scripts/make-promo-video.ts`.
 */
import { writeFileSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { PROMO_SLIDES } from '../src/shared/config/promo';

const SECONDS_PER_SLIDE = 3;
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--autoplay-policy=no-user-gesture-required'] });
const page = await browser.newPage();
// tsx keeps function names with a `__name` helper that the page does not have.
await page.addInitScript('window.__name = (f) => f');
await page.goto('about:blank');
const base64 = await page.evaluate(
  async ({ slides, secondsPerSlide }) => {
    const canvas = document.createElement('canvas');
    canvas.width = 640;
    canvas.height = 360;
    document.body.append(canvas);
    const g = canvas.getContext('2d')!;
    const stream = canvas.captureStream(25);
    const recorder = new MediaRecorder(stream, { mimeType: 'video/webm;codecs=vp8', videoBitsPerSecond: 250_000 });
    const chunks: Blob[] = [];
    recorder.ondataavailable = (event) => chunks.push(event.data);
    const done = new Promise<void>((resolve) => (recorder.onstop = () => resolve()));
    recorder.start(500);
    const total = slides.length * secondsPerSlide * 1000;
    const started = performance.now();
    await new Promise<void>((resolve) => {
      const frame = () => {
        const elapsed = performance.now() - started;
        if (elapsed >= total) return resolve();
        const index = Math.min(slides.length - 1, Math.floor(elapsed / (secondsPerSlide * 1000)));
        const local = (elapsed % (secondsPerSlide * 1000)) / (secondsPerSlide * 1000);
        const slide = slides[index]!;
        const gradient = g.createLinearGradient(0, 0, 640, 360);
        gradient.addColorStop(0, '#2f6bff');
        gradient.addColorStop(1, '#7b4dff');
        g.fillStyle = gradient;
        g.fillRect(0, 0, 640, 360);
        // A row of houses that grows with the slide: the "search" finding more homes.
        for (let i = 0; i < 8; i++) {
          const h = 40 + ((i * 37) % 90) * Math.min(1, local * 1.6);
          g.fillStyle = i % 2 ? 'rgba(255,255,255,0.22)' : 'rgba(255,255,255,0.14)';
          g.fillRect(20 + i * 78, 360 - h, 60, h);
        }
        const fade = Math.min(1, local * 4, (1 - local) * 6);
        g.globalAlpha = Math.max(0, fade);
        g.fillStyle = '#ffffff';
        g.font = 'bold 34px sans-serif';
        g.textAlign = 'center';
        g.fillText(slide.title, 320, 130);
        g.font = '22px sans-serif';
        slide.text.split('\n').forEach((line, n) => g.fillText(line, 320, 180 + n * 30));
        g.globalAlpha = 1;
        g.font = 'bold 16px sans-serif';
        g.textAlign = 'left';
        g.fillText('Кварта', 20, 30);
        requestAnimationFrame(frame);
      };
      frame();
    });
    recorder.stop();
    await done;
    const buffer = await new Blob(chunks, { type: 'video/webm' }).arrayBuffer();
    let binary = '';
    new Uint8Array(buffer).forEach((byte) => (binary += String.fromCharCode(byte)));
    return btoa(binary);
  },
  { slides: PROMO_SLIDES, secondsPerSlide: SECONDS_PER_SLIDE },
);
await browser.close();
const out = new URL('../public/video/kvarta-promo.webm', import.meta.url);
writeFileSync(out, Buffer.from(base64, 'base64'));
console.log(`wrote ${out.pathname} (${Math.round((base64.length * 0.75) / 1024)} KB)`);
