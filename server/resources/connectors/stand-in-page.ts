import type { OAuthProvider } from './catalogue.ts';

/**
 * The HTML of the stand-in provider's sign-in page: what the browser sees at Microsoft, Google or AWS when the
 * ADD button sends it there, reduced to the choice that matters (which directory, approve or deny). Plain
 * server-rendered HTML with no script (the console's Content-Security-Policy allows none inline).
 */

const escape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

export const STAND_IN_NAMES: Readonly<Record<OAuthProvider, { provider: string; directory: string; example: string }>> = {
  microsoft: { provider: 'Microsoft', directory: 'Directory (tenant)', example: 'contoso.onmicrosoft.com' },
  google: { provider: 'Google', directory: 'Google Workspace domain', example: 'example.com' },
  aws: { provider: 'AWS IAM Identity Center', directory: 'AWS account ID', example: '123456789012' },
};

const STYLE = `body{font-family:Helvetica,Arial,sans-serif;background:#f3f4f6;margin:0;color:#1f2937}
main{max-width:460px;margin:64px auto;background:#fff;border-radius:8px;padding:32px;box-shadow:0 1px 3px rgba(0,0,0,.15)}
h1{font-size:22px;margin:0 0 8px}p{line-height:1.5}.note{font-size:13px;color:#6b7280}
label{display:block;font-weight:600;margin:16px 0 4px}input[type=text]{width:100%;box-sizing:border-box;padding:8px;font-size:15px;border:1px solid #9ca3af;border-radius:4px}
ul{padding-left:20px}.actions{display:flex;gap:12px;margin-top:24px}button{padding:9px 18px;font-size:15px;border-radius:4px;border:1px solid #1d4ed8;cursor:pointer}
.approve{background:#1d4ed8;color:#fff}.deny{background:#fff;color:#1d4ed8}`;

export interface SignInPage {
  provider: OAuthProvider;
  action: string;
  clientId: string;
  redirectUri: string;
  scope: string;
  state: string;
  offline: boolean;
  selectAccount: boolean;
  consent: boolean;
}

export function signInPage(page: SignInPage): string {
  const names = STAND_IN_NAMES[page.provider];
  const hidden = (name: string, value: string) => `<input type="hidden" name="${name}" value="${escape(value)}">`;
  const scopes = page.scope.split(/\s+/).filter(Boolean).map((scope) => `<li>${escape(scope)}</li>`).join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Sign in to ${escape(names.provider)} (local stand-in)</title>
<meta name="viewport" content="width=device-width, initial-scale=1"><style>${STYLE}</style></head>
<body><main>
<h1>Sign in to ${escape(names.provider)}</h1>
<p class="note">Local stand-in provider of a development server: no real ${escape(names.provider)} account is used.</p>
${page.selectAccount ? '<p>Pick the account to continue with.</p>' : ''}
<p><strong>Cyber Console</strong> (${escape(page.clientId)}) asks for access to:</p>
<ul>${scopes}</ul>
${page.consent || page.offline ? '<p class="note">It will keep this access when you are not signed in (offline access).</p>' : ''}
<form method="post" action="${escape(page.action)}">
${hidden('client_id', page.clientId)}${hidden('redirect_uri', page.redirectUri)}${hidden('scope', page.scope)}${hidden('state', page.state)}${hidden('offline', page.offline ? 'true' : 'false')}
<label for="directory">${escape(names.directory)}</label>
<input type="text" id="directory" name="directory" value="${escape(names.example)}" maxlength="200" required>
<div class="actions"><button class="approve" type="submit" name="decision" value="approve">Approve</button>
<button class="deny" type="submit" name="decision" value="deny" formnovalidate>Deny</button></div>
</form>
</main></body></html>`;
}

export function refusalPage(message: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Sign-in request refused</title><style>${STYLE}</style></head>
<body><main><h1>This sign-in request cannot be accepted</h1><p>${escape(message)}</p></main></body></html>`;
}
