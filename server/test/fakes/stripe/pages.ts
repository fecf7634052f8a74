// biome-ignore lint/suspicious/noExplicitAny: Stripe objects are free-form JSON
export type Json = Record<string, any>;

export interface FakePrice {
  /** The plan the price is for, as the hosted pages show it. */
  name: string;
  /** Cents per month. */
  amount: number;
}

const html = (text: unknown) => String(text ?? '').replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const day = (seconds: number) =>
  new Date(seconds * 1000).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric' });

const layout = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${html(title)}</title>
<style>
  body { font: 15px/1.5 system-ui, sans-serif; background: #f6f9fc; color: #1a1f36; margin: 0; }
  main { max-width: 440px; margin: 48px auto; background: #fff; border-radius: 12px; padding: 28px;
         box-shadow: 0 2px 12px rgba(0,0,0,.08); }
  .test { display: inline-block; background: #ffde92; color: #a04a00; border-radius: 4px; padding: 0 6px; font-size: 12px; }
  h1 { font-size: 20px; margin: 12px 0 4px; } .muted { color: #697386; }
  .price { font-size: 32px; font-weight: 600; margin: 8px 0 20px; }
  button { background: #635bff; color: #fff; border: 0; border-radius: 6px; padding: 10px 16px; font-size: 15px;
           cursor: pointer; width: 100%; margin-top: 8px; } button.secondary { background: #e3e8ee; color: #1a1f36; }
  section { border-top: 1px solid #e3e8ee; padding-top: 16px; margin-top: 16px; } a { color: #635bff; }
</style></head><body><main><span class="test">Test mode · fake Stripe</span>${body}</main></body></html>`;

export function checkoutPage(session: Json, price: FakePrice, customer: Json | undefined): string {
  return layout(
    `Subscribe to ${price.name}`,
    `<h1>Subscribe to Relate ${html(price.name)}</h1>
    <div class="price">${dollars(price.amount)} <span class="muted" style="font-size:15px">per month</span></div>
    <p class="muted">${html(customer?.email ?? '')}</p>
    <p class="muted">Card 4242 4242 4242 4242 · 12/34 · 123</p>
    <form method="post"><button type="submit">Pay</button></form>
    <p><a href="/c/pay/${html(session.id)}/cancel">Cancel and go back</a></p>`,
  );
}

export function portalPage(portal: Json, subscriptions: Json[], prices: Record<string, FakePrice>): string {
  const live = subscriptions.filter((subscription) => subscription.status !== 'canceled');
  const rows = live.map((subscription) => {
    const item = subscription.items.data[0];
    const current = prices[item.price.id];
    const hidden = `<input type="hidden" name="subscription" value="${html(subscription.id)}">`;
    const renewal = subscription.cancel_at_period_end
      ? `Cancels on ${day(item.current_period_end)}`
      : `Renews on ${day(item.current_period_end)}`;
    const switches = Object.entries(prices)
      .filter(([id]) => id !== item.price.id)
      .map(
        ([id, price]) =>
          `<form method="post" action="/p/session/${html(portal.id)}/switch">${hidden}
          <input type="hidden" name="price" value="${html(id)}">
          <button class="secondary" type="submit">Switch to ${html(price.name)}</button></form>`,
      )
      .join('');
    const cancelOrResume = subscription.cancel_at_period_end
      ? `<form method="post" action="/p/session/${html(portal.id)}/resume">${hidden}<button type="submit">Don't cancel</button></form>`
      : `<form method="post" action="/p/session/${html(portal.id)}/cancel">${hidden}<button type="submit">Cancel plan</button></form>`;
    return `<section><h1>Relate ${html(current?.name ?? item.price.id)}</h1>
      <p class="muted">${dollars(item.price.unit_amount)} per month · ${html(subscription.status)} · ${renewal}</p>
      ${cancelOrResume}${switches}</section>`;
  });
  return layout(
    'Billing',
    `<h1>Billing</h1>
    ${rows.join('') || '<p class="muted">No active subscriptions.</p>'}
    <p><a href="${html(portal.return_url)}">Return to Relate</a></p>`,
  );
}
