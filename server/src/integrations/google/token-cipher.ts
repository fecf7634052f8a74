import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

const VERSION = 'v1';

const keyOf = (secret: string) => createHash('sha256').update(secret).digest();

/**
 * AES-256-GCM for secrets kept at rest (Google refresh tokens): `v1.<iv>.<tag>.<ciphertext>`, base64url.
 * Seals with the current key; opens with it or with a previous one (key rotation), saying which.
 */
export class TokenCipher {
  private readonly key: Buffer;
  private readonly previousKeys: Buffer[];

  /** Any secrets of at least 32 characters; SHA-256 turns each into a 256-bit key. */
  constructor(secret: string, previous: readonly string[] = []) {
    this.key = keyOf(secret);
    this.previousKeys = previous.map(keyOf);
  }

  encrypt(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [VERSION, iv, cipher.getAuthTag(), data]
      .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
      .join('.');
  }

  decrypt(sealed: string): string {
    return this.open(sealed).plain;
  }

  /** The plain text, and whether a previous key sealed it (then it should be sealed again with the current one). */
  open(sealed: string): { plain: string; stale: boolean } {
    const [version, iv, tag, data] = sealed.split('.');
    if (version !== VERSION || !iv || !tag || data === undefined)
      throw new Error('Unknown encrypted token format');
    const keys = [this.key, ...this.previousKeys];
    for (const [index, key] of keys.entries()) {
      try {
        return { plain: openWith(key, iv, tag, data), stale: index > 0 };
      } catch (error) {
        if (index === keys.length - 1) throw error;
      }
    }
    throw new Error('unreachable');
  }
}

function openWith(key: Buffer, iv: string, tag: string, data: string): string {
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
}
