import { createCanvas } from '@napi-rs/canvas';
import jsQR from 'jsqr';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/**
 * Draws each page, the last first (where an invoice has its QR-bill), and returns the text
 * of the first QR code found, with its page number: the code as a bank app sees it, read by
 * a decoder that has nothing to do with the code that wrote it. A decoder reading a photo
 * copes with the size it gets, so a few resolutions are tried, as a scan at 144, 108 or
 * 200 dpi would give.
 */
export async function decodeQrCode(pdf: Buffer): Promise<{ page: number; text: string } | undefined> {
  const document = await getDocument({ data: new Uint8Array(pdf), isEvalSupported: false, verbosity: 0 }).promise;
  try {
    for (let number = document.numPages; number >= 1; number--) {
      const page = await document.getPage(number);
      for (const dpi of [144, 108, 200]) {
        const viewport = page.getViewport({ scale: dpi / 72 });
        const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
        const context = canvas.getContext('2d');
        context.fillStyle = '#ffffff';
        context.fillRect(0, 0, canvas.width, canvas.height);
        await page.render({ canvas: canvas as unknown as HTMLCanvasElement, canvasContext: context as unknown as CanvasRenderingContext2D, viewport }).promise;
        const image = context.getImageData(0, 0, canvas.width, canvas.height);
        const code = jsQR(new Uint8ClampedArray(image.data), image.width, image.height, { inversionAttempts: 'dontInvert' });
        if (code) return { page: number, text: code.data };
      }
    }
    return undefined;
  } finally {
    await document.destroy();
  }
}

/**
 * The fields of a Swiss QR-bill's payload (SIX implementation guidelines 2.3), one a line:
 * the creditor at 4–10, the amount and currency at 18–19, the debtor at 20–26.
 */
export function qrBillFields(text: string): string[] {
  return text.split(/\r?\n/);
}
