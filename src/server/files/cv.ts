/**
 * CV files: the type is decided by the bytes (file-type, plus our own checks for RTF, old Word
 * documents and plain text, which have no reliable magic number for file-type), never by the
 * name or the stated type. Stored privately under private/cv/<random>.<ext>.
 */
import { randomBytes } from 'node:crypto';
import { open, readFile } from 'node:fs/promises';
import type { FileStorage } from './storage.ts';

export interface CvType {
  ext: 'pdf' | 'doc' | 'docx' | 'odt' | 'rtf' | 'txt';
  mime: string;
}

const CV_INVALID_TYPE_MESSAGE = 'The cvfile field must be a file of type: pdf, doc, docx, odt, rtf, txt.';

const DOCX_MIME = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const ODT_MIME = 'application/vnd.oasis.opendocument.text';

async function readHead(filePath: string, bytes: number): Promise<Buffer> {
  const handle = await open(filePath, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** A compound file (OLE) is a Word document when its directory names a "WordDocument" stream. */
async function isWordCompoundFile(filePath: string): Promise<boolean> {
  const content = await readFile(filePath);
  return content.includes(Buffer.from('WordDocument', 'utf16le'));
}

function isPlainText(content: Buffer): boolean {
  if (content.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(content);
    return true;
  } catch {
    return false;
  }
}

/** The CV's type, or null when it is not one of the accepted kinds. */
async function detectCvType(filePath: string): Promise<CvType | null> {
  const head = await readHead(filePath, 16);
  if (head.subarray(0, 5).toString('latin1') === '{\\rtf') return { ext: 'rtf', mime: 'application/rtf' };
  // Loaded by the first upload, not at start.
  const { fileTypeFromFile } = await import('file-type');
  const detected = await fileTypeFromFile(filePath);
  if (detected) {
    if (detected.mime === 'application/pdf') return { ext: 'pdf', mime: 'application/pdf' };
    if (detected.mime === DOCX_MIME) return { ext: 'docx', mime: DOCX_MIME };
    if (detected.mime === ODT_MIME) return { ext: 'odt', mime: ODT_MIME };
    if (detected.mime === 'application/rtf') return { ext: 'rtf', mime: 'application/rtf' };
    if (detected.ext === 'cfb' && (await isWordCompoundFile(filePath))) return { ext: 'doc', mime: 'application/msword' };
    return null;
  }
  // No magic number: only valid UTF-8 without NUL bytes counts as text (the size is capped at 12 MB).
  if (isPlainText(await readFile(filePath))) return { ext: 'txt', mime: 'text/plain' };
  return null;
}

export function newCvKey(type: CvType): string {
  return `private/cv/${randomBytes(16).toString('hex')}.${type.ext}`;
}

/** Stores the temp file under a new key and returns the key. */
export async function storeCv(storage: FileStorage, tempPath: string, type: CvType): Promise<string> {
  const key = newCvKey(type);
  await storage.putFile(key, tempPath, { move: true });
  return key;
}

/** The browser's file name, kept only for display and downloads: no path, no control characters. */
function cleanOriginalName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? 'cv';
  // eslint-disable-next-line no-control-regex
  const cleaned = base.replace(/[\u0000-\u001f\u007f"]/g, '').trim();
  return (cleaned || 'cv').slice(0, 255);
}

const EXTENSION_OF_TYPE: Record<string, CvType['ext']> = {
  'application/pdf': 'pdf',
  'application/msword': 'doc',
  [DOCX_MIME]: 'docx',
  [ODT_MIME]: 'odt',
  'application/rtf': 'rtf',
  'text/plain': 'txt',
};

/**
 * The name a CV is stored and downloaded under: the uploader's name without its extensions, and
 * the extension of the type the bytes were found to be. "CV_John_Doe.pdf.hta" holding text is
 * "CV_John_Doe.txt": an admin's browser opens what it is, not what its name says.
 */
export function cvFileName(originalName: string, mimeType: string): string {
  let base = originalName;
  // Up to three trailing extensions ("cv.pdf.hta", "cv.tar.gz.exe"); a dot inside words stays.
  for (let i = 0; i < 3; i++) base = base.replace(/\.[A-Za-z0-9]{1,8}$/, '');
  base = base.replace(/[.\s]+$/, '') || 'cv';
  return `${base.slice(0, 240)}.${EXTENSION_OF_TYPE[mimeType] ?? 'bin'}`;
}

/** A CV that readMultipart stored in a temporary file. */
export interface CvUpload {
  path: string;
  filename: string;
  size: number;
}

/** The CV's type, or null with the type message added to `errors.cvfile` when it is not a CV. */
export async function checkCvUpload(cv: CvUpload | null, errors: Record<string, string[]>): Promise<CvType | null> {
  if (!cv) return null;
  const type = await detectCvType(cv.path);
  if (!type) (errors.cvfile ??= []).push(CV_INVALID_TYPE_MESSAGE);
  return type;
}

/** The users row's CV columns for a stored upload. */
export function cvColumns(cv: CvUpload, key: string, type: CvType) {
  return {
    cv_file_key: key,
    cv_original_name: cvFileName(cleanOriginalName(cv.filename), type.mime),
    cv_mime_type: type.mime,
    cv_size: cv.size,
  };
}
