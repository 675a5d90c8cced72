/**
 * Generates the legal PDFs in public/docs from scripts/legal/texts.ts with the Chromium the e2e tests use
 * (no extra dependency; Chromium embeds and subsets a Cyrillic system font such as DejaVu Sans).
 *   npx tsx scripts/generate-legal-docs.ts
 * The PDFs are committed: the server and the build only copy them.
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { LEGAL_TEXTS, type LegalText } from './legal/texts';

const OUT = fileURLToPath(new URL('../public/docs/', import.meta.url));
const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function html(doc: LegalText): string {
  const body = doc.sections.map((s) => `<h2>${escape(s.title)}</h2>${s.paragraphs.map((p) => `<p>${escape(p)}</p>`).join('')}`).join('');
  return `<!doctype html><html lang="ru"><head><meta charset="utf-8"><title>${escape(doc.title)} — Кварта</title>
<style>
  body { font-family: 'DejaVu Sans', 'Liberation Sans', Arial, sans-serif; font-size: 11pt; line-height: 1.45; color: #151a23; }
  header { border-bottom: 2px solid #2f6bff; margin-bottom: 18pt; padding-bottom: 8pt; }
  .brand { color: #2f6bff; font-weight: 700; font-size: 12pt; }
  h1 { font-size: 18pt; margin: 6pt 0 0; }
  h2 { font-size: 12.5pt; margin: 16pt 0 6pt; }
  p { margin: 0 0 6pt; text-align: justify; }
</style></head><body><header><div class="brand">«Кварта» — цифровой риелтор</div><h1>${escape(doc.title)}</h1></header>${body}</body></html>`;
}

async function main(): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const page = await browser.newPage();
    for (const doc of LEGAL_TEXTS) {
      await page.setContent(html(doc), { waitUntil: 'load' });
      await page.pdf({
        path: `${OUT}${doc.file}`,
        format: 'A4',
        margin: { top: '20mm', bottom: '20mm', left: '20mm', right: '20mm' },
        displayHeaderFooter: true,
        headerTemplate: '<span></span>',
        footerTemplate:
          '<div style="font-size:8pt;width:100%;text-align:center;color:#6b7384"><span class="pageNumber"></span> / <span class="totalPages"></span></div>',
      });
      console.log(`public/docs/${doc.file}`);
    }
  } finally {
    await browser.close();
  }
}

void main();
