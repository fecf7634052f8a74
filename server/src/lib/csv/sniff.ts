import { parse } from 'csv-parse/sync';

const CANDIDATES = [',', ';', '\t', '|'] as const;

function parseLoosely(text: string, delimiter: string): string[][] {
  try {
    return parse(text, {
      delimiter,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      to: 30,
    }) as string[][];
  } catch {
    return [];
  }
}

/** The first lines of the decoded text, cut at a line end so no record is half-read. */
function headLines(text: string): string {
  const cut = text.lastIndexOf('\n');
  return cut > 0 ? text.slice(0, cut) : text;
}

/**
 * Chooses the delimiter that splits the first records into the most columns, most consistently.
 * Excel's `sep=;` first line wins when present.
 */
export function detectDelimiter(text: string): { delimiter: string; skipFirstLine: boolean } {
  const sep = /^sep=(.)\r?\n/i.exec(text);
  if (sep) return { delimiter: sep[1], skipFirstLine: true };
  const sample = headLines(text.slice(0, 64 * 1024));
  let best: { delimiter: string; score: number } = { delimiter: ',', score: 0 };
  for (const delimiter of CANDIDATES) {
    const widths = parseLoosely(sample, delimiter).map((record) => record.length);
    if (widths.length === 0) continue;
    const modal = mostCommon(widths);
    if (modal < 2) continue;
    const consistency = widths.filter((width) => width === modal).length / widths.length;
    const score = modal * consistency;
    if (score > best.score) best = { delimiter, score };
  }
  return { delimiter: best.delimiter, skipFirstLine: false };
}

function mostCommon(values: number[]): number {
  const counts = new Map<number, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  let best = 0;
  let bestCount = 0;
  for (const [value, count] of counts) {
    if (count > bestCount || (count === bestCount && value > best)) {
      best = value;
      bestCount = count;
    }
  }
  return best;
}

/**
 * Index of the header record: the first record filled enough to name the columns that follow.
 * Skips preambles such as 'Exported from X on 2024-05-01' or a blank title line.
 */
export function detectHeaderIndex(text: string, delimiter: string): number {
  const records = parseLoosely(headLines(text.slice(0, 64 * 1024)), delimiter);
  if (records.length < 2) return 0;
  const width = mostCommon(records.map((record) => record.length));
  const needed = Math.max(2, Math.ceil(width * 0.5));
  const index = records.findIndex((record) => record.filter((cell) => cell.trim() !== '').length >= needed);
  return Math.max(index, 0);
}
