import { describe, expect, it } from 'vitest';
import { LoginThrottle, MemoryCounterStore } from './login-throttle';

const throttle = () => {
  const waits: number[] = [];
  const limiter = new LoginThrottle(new MemoryCounterStore(), 10, 900, async (ms) => {
    waits.push(ms);
  });
  return { limiter, waits };
};

describe('LoginThrottle', () => {
  it('slows down an account under attack progressively instead of locking it', async () => {
    const { limiter, waits } = throttle();
    for (let index = 0; index < 14; index++) await limiter.attempt(`10.0.0.${index}`, 'ada@example.com');
    await limiter.attempt('192.168.1.5', 'Ada@Example.com');
    // From the 11th attempt on, after 10, 11, ... 14 failures.
    expect(waits).toEqual([250, 500, 1000, 2000, 250 * 2 ** 4]);
    expect(limiter.accountDelay(10)).toBe(250);
    expect(limiter.accountDelay(40)).toBe(8_000);
  });

  it('refuses the account as a whole only at a hundred times the limit', async () => {
    const { limiter } = throttle();
    for (let index = 0; index < 999; index++)
      await limiter.attempt(`10.${index % 200}.0.1`, 'ada@example.com');
    await expect(limiter.attempt('192.168.1.5', 'ada@example.com')).resolves.toBeUndefined();
    await expect(limiter.attempt('192.168.1.6', 'ada@example.com')).rejects.toMatchObject({
      status: 429,
    });
  });

  it('a pair of account and address is refused after the limit; another address is not', async () => {
    const { limiter } = throttle();
    for (let index = 0; index < 10; index++) await limiter.attempt('10.0.0.1', 'ada@example.com');
    await expect(limiter.attempt('10.0.0.1', 'ada@example.com')).rejects.toMatchObject({
      status: 429,
    });
    await expect(limiter.attempt('10.0.0.2', 'ada@example.com')).resolves.toBeUndefined();
  });

  it("a right password takes its attempt back and clears the account's counters", async () => {
    const { limiter } = throttle();
    for (let index = 0; index < 9; index++) await limiter.attempt('10.0.0.1', 'ada@example.com');
    await limiter.attempt('10.0.0.1', 'ada@example.com');
    await limiter.succeeded('10.0.0.1', 'ada@example.com');
    for (let index = 0; index < 10; index++) await limiter.attempt('10.0.0.1', 'ada@example.com');
    await expect(limiter.attempt('10.0.0.1', 'ada@example.com')).rejects.toMatchObject({ status: 429 });
  });
});
