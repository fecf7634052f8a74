/**
 * Writing vCard 3.0 (RFC 2426), the version Apple Contacts, Google Contacts and Outlook all read:
 * text escaped, parameter values quoted, lines folded at 75 bytes without splitting a character, CRLF.
 */

/** Escapes text for a value: backslash, comma, semicolon and line breaks. */
export const escapeText = (text: string) =>
  text
    .replace(/\\/g, '\\\\')
    .replace(/,/g, '\\,')
    .replace(/;/g, '\\;')
    .replace(/\r\n|\r|\n/g, '\\n');

/** A parameter value, quoted when it holds `:`, `;` or `,`; line breaks and quotes as RFC 6868 writes them. */
export const paramValue = (value: string) => {
  const encoded = value
    .replace(/\^/g, '^^')
    .replace(/\r\n|\r|\n/g, '^n')
    .replace(/"/g, "^'");
  return /[:;,]/.test(encoded) ? `"${encoded}"` : encoded;
};

const MAX_LINE_BYTES = 75;

/** Folds a content line into lines of at most 75 bytes (continuations start with a space), CRLF-ended. */
export function foldLine(line: string): string {
  if (Buffer.byteLength(line) <= MAX_LINE_BYTES) return `${line}\r\n`;
  const lines: string[] = [];
  let current = '';
  let bytes = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char);
    const limit = lines.length === 0 ? MAX_LINE_BYTES : MAX_LINE_BYTES - 1;
    if (bytes + size > limit) {
      lines.push(current);
      current = '';
      bytes = 0;
    }
    current += char;
    bytes += size;
  }
  lines.push(current);
  return `${lines.join('\r\n ')}\r\n`;
}

/** One property, folded: `NAME;KEY=a,b:value` (the value already escaped as its kind needs). */
export function contentLine(
  name: string,
  value: string,
  params: Record<string, string | string[]> = {},
): string {
  const written = Object.entries(params)
    .map(([key, param]) => `;${key}=${[param].flat().map(paramValue).join(',')}`)
    .join('');
  return foldLine(`${name}${written}:${value}`);
}
