import type { CompanyCsvField, CompanyCsvTarget } from '@relate/contracts';

/** Spec section 5 "Company CSV headers": the text the mapping dialog shows. */
export const EXPECTED_COLUMNS =
  'Record ID, Record, Tags, Categories, LinkedIn, Last interaction, Connection strength, Twitter follower count, Twitter, Domains, Description, Created at, notion_id';

export const CSV_FIELD_LABELS: Record<CompanyCsvField, string> = {
  record: 'Record (company name)',
  tags: 'Tags',
  categories: 'Categories',
  linkedin_profile: 'LinkedIn',
  last_interaction: 'Last interaction',
  connection_strength: 'Connection strength',
  twitter_follower_count: 'Twitter follower count',
  twitter: 'Twitter',
  domains: 'Domains',
  description: 'Description',
  notion_id: 'Notion ID',
};

export const IGNORE: CompanyCsvTarget = 'ignore';

/**
 * Spec section 5: only text/csv is accepted. Windows labels .csv files from Excel
 * application/vnd.ms-excel (and some systems give no type), so those pass when the name ends in .csv.
 */
export function isCsvFile(file: File): boolean {
  if (file.type === 'text/csv') return true;
  const csvName = file.name.toLowerCase().endsWith('.csv');
  return csvName && ['', 'application/vnd.ms-excel', 'application/csv', 'text/x-csv'].includes(file.type);
}

/** UTF-8 (with or without BOM), UTF-16 by its BOM, otherwise Windows-1252 as Excel writes it. */
export function decodeCsvBytes(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

export async function readCsvFile(file: File): Promise<string> {
  return decodeCsvBytes(new Uint8Array(await file.arrayBuffer()));
}
