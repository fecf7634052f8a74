/**
 * The key two company names match by (a contact's organization and a company's name): case-, accent-
 * and punctuation-insensitive, and a legal form at the end (Ltd, GmbH, Inc., LLC, AG, SA, …) counts as
 * absent. "ACME Inc." and "Acme" share the key "acme"; "Société Générale S.A." and "societe generale"
 * share "societe generale".
 *
 * The SQL function company_name_key(text) (migration 0037) computes the same key in the database, for
 * the statements that link many contacts at once; company-name-key.test.ts holds the two equal. Every
 * step is spelled without the database's locale (no lower(), no [[:alnum:]]), so both agree on any
 * server: letters are lower-cased, and accents dropped, by one fixed table; separators are one fixed list.
 */

/** Upper-case and accented Latin letters, and what each becomes. */
const FOLD_FROM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖØÙÚÛÜÝàáâãäåçèéêëìíîïñòóôõöøùúûüýÿ';
const FOLD_TO = 'abcdefghijklmnopqrstuvwxyzaaaaaaceeeeiiiinoooooouuuuyaaaaaaceeeeiiiinoooooouuuuyy';
const FOLD = new Map([...FOLD_FROM].map((letter, index) => [letter, FOLD_TO[index]]));

/** Dropped without a trace: "S.A." is "sa", "McDonald's" is "mcdonalds". */
const DROPPED = /[.'‘’]/g;
/**
 * Become one space: white space, ASCII punctuation and symbols (but . and '), and the common typographic
 * ones. The SQL function spells the same list.
 */
const SEPARATORS = /[\t\n\r !"#$%&()*+,\-/:;<=>?@[\\\]^_`{|}~\u00a0–—“”„«»·•…®©™‚‹›]+/g;
/** Legal forms, as words after the name (one or several: "GmbH & Co. KG"). */
export const LEGAL_SUFFIXES = [
  'ag',
  'as',
  'bv',
  'co',
  'corp',
  'corporation',
  'gmbh',
  'inc',
  'incorporated',
  'kg',
  'kk',
  'limited',
  'llc',
  'llp',
  'lp',
  'ltd',
  'nv',
  'oy',
  'plc',
  'pty',
  'pvt',
  'sa',
  'sarl',
  'sas',
  'spa',
  'srl',
] as const;
const TRAILING_SUFFIXES = new RegExp(`( (${LEGAL_SUFFIXES.join('|')}))+$`);

/**
 * The matching key of a company name, or '' when the name has nothing to match by (empty, or only
 * punctuation). A name that is only a legal form keeps it ("AG" is "ag").
 */
export function companyNameKey(name: string): string {
  const folded = [...name].map((letter) => FOLD.get(letter) ?? letter).join('');
  return folded
    .replace(DROPPED, '')
    .replace(SEPARATORS, ' ')
    .replace(/^ +| +$/g, '')
    .replace(TRAILING_SUFFIXES, '');
}
