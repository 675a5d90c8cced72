import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import pdfmake from 'pdfmake';
import type { TDocumentDefinitions } from 'pdfmake/interfaces';
import type { LegalText } from './legal-texts';

// pdfmake ships Roboto, which has Cyrillic: the documents do not depend on the fonts of the machine they run on.
const ROBOTO = `${dirname(createRequire(import.meta.url).resolve('pdfmake/package.json'))}/fonts/Roboto`;
pdfmake.setFonts({
  Roboto: {
    normal: `${ROBOTO}/Roboto-Regular.ttf`,
    bold: `${ROBOTO}/Roboto-Medium.ttf`,
    italics: `${ROBOTO}/Roboto-Italic.ttf`,
    bolditalics: `${ROBOTO}/Roboto-MediumItalic.ttf`,
  },
});
// The documents are our own texts: nothing in them may make pdfmake read a file or fetch a URL.
pdfmake.setUrlAccessPolicy(() => false);
pdfmake.setLocalAccessPolicy((path) => path.startsWith(ROBOTO));

const BRAND = '#2f6bff';
const MUTED = '#6b7384';

function definitionOf(doc: LegalText): TDocumentDefinitions {
  return {
    info: { title: `${doc.title} — Кварта`, author: '«Кварта»', subject: doc.title },
    pageSize: 'A4',
    pageMargins: [57, 57, 57, 57],
    defaultStyle: { font: 'Roboto', fontSize: 10.5, lineHeight: 1.3, color: '#151a23' },
    footer: (page, pages) => ({ text: `${page} / ${pages}`, alignment: 'center', fontSize: 8, color: MUTED, margin: [0, 20, 0, 0] }),
    content: [
      { text: '«Кварта» — цифровой риелтор', color: BRAND, bold: true, fontSize: 11.5 },
      { text: doc.title, fontSize: 17, bold: true, margin: [0, 4, 0, 4] },
      { canvas: [{ type: 'line', x1: 0, y1: 0, x2: 481, y2: 0, lineWidth: 1.5, lineColor: BRAND }], margin: [0, 0, 0, 14] },
      ...doc.sections.flatMap((section) => [
        { text: section.title, fontSize: 12, bold: true, margin: [0, 12, 0, 5] as [number, number, number, number] },
        ...section.paragraphs.map((p) => ({
          text: p,
          alignment: 'justify' as const,
          margin: [0, 0, 0, 5] as [number, number, number, number],
        })),
      ]),
    ],
  };
}

/** One legal document as a PDF. */
export function renderLegalPdf(doc: LegalText): Promise<Buffer> {
  return pdfmake.createPdf(definitionOf(doc)).getBuffer();
}
