export interface FakeAccount {
  sub: string;
  email: string;
  name: string;
  emailVerified?: boolean;
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  );

/** The fake's "Choose an account" page: every authorize parameter is carried in hidden fields. */
export function consentPage(query: URLSearchParams, accounts: FakeAccount[]): string {
  const hidden = [...query.entries()]
    .filter(([key]) => !['account', 'deny', 'new_email', 'new_name'].includes(key))
    .map(([key, value]) => `<input type="hidden" name="${escapeHtml(key)}" value="${escapeHtml(value)}">`)
    .join('');
  const scopes = (query.get('scope') ?? '').split(' ').filter((scope) => scope.startsWith('https://'));
  const choices = accounts
    .map(
      (account) =>
        `<button name="account" value="${escapeHtml(account.sub)}"><strong>${escapeHtml(account.name)}</strong><span>${escapeHtml(account.email)}</span></button>`,
    )
    .join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign in - Google Accounts (fake)</title>
<style>
body{font-family:system-ui,sans-serif;background:#f0f4f9;margin:0;display:grid;place-items:center;min-height:100vh}
main{background:#fff;border-radius:24px;padding:32px;width:min(420px,92vw);box-shadow:0 1px 3px #0002}
h1{font-size:22px;font-weight:500;margin:0 0 4px}p{color:#444;margin:0 0 20px;font-size:14px}
form.accounts button{display:grid;width:100%;text-align:left;padding:12px 16px;margin:0 0 8px;border:1px solid #dadce0;border-radius:12px;background:#fff;cursor:pointer;font-size:14px}
form.accounts button:hover{background:#f6f8fc}form span{color:#5f6368}
fieldset{border:1px solid #dadce0;border-radius:12px;padding:12px 16px;margin:8px 0}
input[type=email],input[type=text]{width:100%;box-sizing:border-box;padding:8px;margin:4px 0 8px;border:1px solid #dadce0;border-radius:8px}
.row{display:flex;justify-content:space-between;gap:8px;margin-top:16px}
.primary{background:#0b57d0;color:#fff;border:0;border-radius:20px;padding:8px 20px;cursor:pointer}
.link{background:none;border:0;color:#0b57d0;cursor:pointer;padding:8px 0}
ul{font-size:13px;color:#444;padding-left:18px}
</style></head>
<body><main>
<h1>Choose an account</h1>
<p>to continue to Relate &middot; <em>fake Google for local development</em></p>
${scopes.length ? `<ul>${scopes.map((scope) => `<li>${escapeHtml(scope.replace('https://www.googleapis.com/auth/', ''))}</li>`).join('')}</ul>` : ''}
<form class="accounts" method="post" action="/o/oauth2/v2/auth">${hidden}${choices}</form>
<form method="post" action="/o/oauth2/v2/auth">${hidden}
<fieldset><legend>Use another account</legend>
<label>Email<input type="email" name="new_email" required></label>
<label>Name<input type="text" name="new_name"></label>
<button class="primary">Continue</button></fieldset></form>
<form method="post" action="/o/oauth2/v2/auth">${hidden}<div class="row"><button class="link" name="deny" value="1">Cancel</button></div></form>
</main></body></html>`;
}
