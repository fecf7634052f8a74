import { describe, expect, it } from 'vitest';
import { TokenCipher } from './token-cipher';

const OLD = 'o'.repeat(32);
const NEW = 'n'.repeat(32);

describe('TokenCipher key rotation', () => {
  it('opens a token sealed with the previous key, says it is stale, and seals again with the new key', () => {
    const sealed = new TokenCipher(OLD).encrypt('1//refresh');
    const rotated = new TokenCipher(NEW, [OLD]);
    expect(rotated.open(sealed)).toEqual({ plain: '1//refresh', stale: true });
    const resealed = rotated.encrypt('1//refresh');
    expect(rotated.open(resealed)).toEqual({ plain: '1//refresh', stale: false });
    expect(() => new TokenCipher(OLD).decrypt(resealed)).toThrow();
    expect(() => new TokenCipher(NEW).decrypt(sealed)).toThrow();
  });
});
