import { createHmac } from 'node:crypto';

/**
 * Stripe's webhook signature scheme (reference/webhook_signature_test_vector.txt):
 * `t=<unix seconds>,v1=hex(HMAC_SHA256(secret incl. "whsec_", "<t>.<raw body>"))`.
 */
export function stripeSignatureHeader(payload: string | Buffer, secret: string, timestamp: number): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.`).update(payload).digest('hex');
  return `t=${timestamp},v1=${signature}`;
}
