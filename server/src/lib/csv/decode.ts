import chardet from 'chardet';
import iconv from 'iconv-lite';

export type SourceChunk = Buffer | Uint8Array | string;

/** Legacy single-byte Western encodings all read best as Windows-1252 (a superset of Latin-1). */
const WESTERN = new Set(['ISO-8859-1', 'ISO-8859-15', 'windows-1252', 'ISO-8859-2', 'windows-1250']);

function isValidUtf8(bytes: Buffer): boolean {
  // The head may end inside a multi-byte character: ignore up to 3 trailing bytes of an incomplete sequence.
  for (let cut = 0; cut <= Math.min(3, bytes.length); cut++) {
    try {
      new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(0, bytes.length - cut));
      return true;
    } catch {
      // try a shorter prefix
    }
  }
  return false;
}

function looksLikeUtf16(bytes: Buffer): 'utf16le' | 'utf16be' | undefined {
  const sample = bytes.subarray(0, 4096);
  let evenZeros = 0;
  let oddZeros = 0;
  for (let i = 0; i < sample.length; i++) {
    if (sample[i] === 0) {
      if (i % 2 === 0) evenZeros++;
      else oddZeros++;
    }
  }
  const half = sample.length / 2;
  if (oddZeros > half * 0.3 && evenZeros < half * 0.05) return 'utf16le';
  if (evenZeros > half * 0.3 && oddZeros < half * 0.05) return 'utf16be';
  return undefined;
}

/** Picks the encoding of a file from its first bytes: BOM, UTF-16 shape, valid UTF-8, else a legacy guess. */
export function detectEncoding(head: Buffer): string {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return 'utf8';
  if (head[0] === 0xff && head[1] === 0xfe) return 'utf16le';
  if (head[0] === 0xfe && head[1] === 0xff) return 'utf16be';
  const utf16 = looksLikeUtf16(head);
  if (utf16) return utf16;
  if (isValidUtf8(head)) return 'utf8';
  const [best] = chardet.analyse(head);
  if (best && !WESTERN.has(best.name) && best.confidence >= 60 && iconv.encodingExists(best.name))
    return best.name;
  return 'windows-1252';
}

/** True when the text holds characters no CSV export contains (NULs and other binary control codes). */
export function looksBinary(text: string): boolean {
  let control = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0) return true;
    if (code < 32 && code !== 9 && code !== 10 && code !== 13 && code !== 12) control++;
  }
  return control > Math.max(8, text.length * 0.01);
}

/** Decodes a byte stream with iconv-lite, chunk by chunk, without holding the whole file. */
export async function* decodeChunks(
  head: Buffer,
  rest: AsyncIterator<SourceChunk> | undefined,
  encoding: string,
): AsyncGenerator<string> {
  const decoder = iconv.getDecoder(encoding, { stripBOM: true });
  const first = decoder.write(head);
  if (first) yield first;
  if (rest) {
    for (let next = await rest.next(); !next.done; next = await rest.next()) {
      const chunk = typeof next.value === 'string' ? Buffer.from(next.value) : Buffer.from(next.value);
      const text = decoder.write(chunk);
      if (text) yield text;
    }
  }
  const tail = decoder.end();
  if (tail) yield tail;
}
