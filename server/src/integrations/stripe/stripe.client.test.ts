import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { stripeSignatureHeader } from '../../../test/fakes/stripe/signature';
import { verifyWebhookEvent } from './stripe.client';

// The shared reference's test vector (webhook_signature_test_vector.txt), checked against stripe-node.
const body = readFileSync(
  new URL('../../../test/fakes/stripe/reference/webhook_signed_body.raw', import.meta.url),
);
const secret = 'whsec_test_4d2f7a1c9e8b0f6a3d5c7e9b1a2c4e6f';
const timestamp = 1718000330;
const header = 't=1718000330,v1=ab4b2b497222ffee1bcfb0c71383c90f24e754dc0c182505809a90e549295be7';
const signedAt = new Date(timestamp * 1000);
const after = (seconds: number) => new Date(signedAt.getTime() + seconds * 1000);

describe('Stripe webhook signatures', () => {
  it('verifies the reference test vector, also with a second v1 entry during secret rotation', async () => {
    expect(body.length).toBe(3507);
    expect(await verifyWebhookEvent(body, header, secret, after(10))).toMatchObject({
      id: 'evt_1PQabcLkdIwHu7ixCsCompl01',
      type: 'checkout.session.completed',
    });
    const rotated = `${header},v1=${'0'.repeat(64)}`;
    expect((await verifyWebhookEvent(body, rotated, secret, after(10))).id).toBe(
      'evt_1PQabcLkdIwHu7ixCsCompl01',
    );
  });

  it('refuses the vector once older than the 300 s tolerance, with a tampered body, or another secret', async () => {
    await expect(verifyWebhookEvent(body, header, secret, after(301))).rejects.toThrow(/tolerance/);
    // Today, whenever that is: the recorded vector is years old.
    await expect(verifyWebhookEvent(body, header, secret, new Date())).rejects.toThrow(/tolerance/);
    const tampered = Buffer.from(body.toString('utf8').replace('"amount_total": 2900', '"amount_total": 1'));
    await expect(verifyWebhookEvent(tampered, header, secret, after(10))).rejects.toThrow(
      /No signatures found/,
    );
    await expect(verifyWebhookEvent(body, header, 'whsec_other', after(10))).rejects.toThrow(
      /No signatures found/,
    );
  });

  it('refuses a signature dated more than 5 minutes in the future, allowing a little clock skew', async () => {
    await expect(verifyWebhookEvent(body, header, secret, after(-301))).rejects.toThrow(/future/);
    expect((await verifyWebhookEvent(body, header, secret, after(-300))).id).toBe(
      'evt_1PQabcLkdIwHu7ixCsCompl01',
    );
  });

  it('is the scheme the fake Stripe signs with', () => {
    expect(stripeSignatureHeader(body, secret, timestamp)).toBe(header);
  });
});
