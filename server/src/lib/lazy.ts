/** A value made at its first use, once: every call gets the promise of the first. */
export type Lazy<T> = () => Promise<T>;

/**
 * The clients of optional libraries (Google, Stripe, grammY, nodemailer) are made this way, by a
 * `make` that loads its package with `await import(...)`: a server that never uses a library never
 * loads it, and one that does loads it at the first use (issue 18: each costs 12-20 MB resident).
 */
export function lazy<T>(make: () => Promise<T>): Lazy<T> {
  let made: Promise<T> | undefined;
  return () => {
    made ??= make();
    return made;
  };
}
