/** Files the journeys upload: real images (made with sharp) and small or oversized CVs. */
import sharp from 'sharp';

export interface UploadFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** A PNG of one colour with a contrasting band, so a rotation changes what it looks like. */
export async function pngImage(name: string, colour: string, width = 320, height = 200): Promise<UploadFile> {
  const band = Buffer.from(
    `<svg width="${width}" height="${height}"><rect width="${width}" height="${height}" fill="${colour}"/><rect width="${Math.round(width / 4)}" height="${height}" fill="#ffffff"/></svg>`,
  );
  const buffer = await sharp(band).png().toBuffer();
  return { name, mimeType: 'image/png', buffer };
}

export function pdfCv(name = 'cv.pdf'): UploadFile {
  const body = `%PDF-1.4
1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj
2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj
3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 300 144] >> endobj
trailer << /Root 1 0 R >>
%%EOF
`;
  return { name, mimeType: 'application/pdf', buffer: Buffer.from(body) };
}

/** Over the 12 MB CV limit (12 * 1024 * 1024 bytes). */
export function oversizedCv(name = 'huge-cv.pdf'): UploadFile {
  const buffer = Buffer.alloc(13 * 1024 * 1024, 0x20);
  buffer.write('%PDF-1.4\n', 0);
  return { name, mimeType: 'application/pdf', buffer };
}
