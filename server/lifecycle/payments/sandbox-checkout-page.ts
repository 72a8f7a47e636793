import { TEST_BANK_ACCOUNTS, TEST_CARDS } from './sandbox-instruments.ts';

/**
 * The HTML of the sandbox processor's hosted payment form, shown in the console's payment dialog: what a
 * payer sees at a real processor, with the sandbox's test numbers listed. Plain server-rendered HTML with no
 * script; the console learns the outcome from the processor, not from this page.
 */
const escape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

const STYLE = `body{font-family:Helvetica,Arial,sans-serif;margin:0;color:#1f2937;background:#fff}
main{max-width:440px;margin:0 auto;padding:20px}h1{font-size:19px;margin:0 0 4px}.amount{font-size:26px;font-weight:700;margin:8px 0}
p{line-height:1.45;margin:6px 0}.note{font-size:12px;color:#6b7280}label{display:block;font-weight:600;margin:12px 0 4px;font-size:14px}
input[type=text]{width:100%;box-sizing:border-box;padding:8px;font-size:15px;border:1px solid #9ca3af;border-radius:4px}
.row{display:flex;gap:12px}.row>div{flex:1}.check{display:flex;gap:8px;align-items:center;margin-top:14px;font-weight:400}
button{margin-top:18px;width:100%;padding:11px;font-size:16px;border-radius:4px;border:0;background:#1d4ed8;color:#fff;cursor:pointer}
.error{background:#fef2f2;border:1px solid #fca5a5;color:#991b1b;padding:8px 10px;border-radius:4px;margin:10px 0}
.ok{background:#ecfdf5;border:1px solid #6ee7b7;color:#065f46;padding:10px;border-radius:4px;margin:10px 0}
details{margin-top:18px;font-size:12px;color:#4b5563}code{font-size:12px}`;

export interface CheckoutForm {
  action: string;
  method: 'creditCard' | 'bankAccount';
  currency: 'USD' | 'GBP';
  amount: string;
  description: string;
  error?: string;
  values?: Record<string, string>;
}

const money = (amount: string, currency: string) =>
  new Intl.NumberFormat(currency === 'GBP' ? 'en-GB' : 'en-US', { style: 'currency', currency }).format(Number(amount));

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escape(title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1"><style>${STYLE}</style></head>
<body><main>${body}</main></body></html>`;
}

function field(id: string, label: string, value: string, attributes: string): string {
  return `<label for="${id}">${escape(label)}</label><input type="text" id="${id}" name="${id}" value="${escape(value)}" ${attributes} required>`;
}

export function checkoutFormPage(form: CheckoutForm): string {
  const value = (name: string) => form.values?.[name] ?? '';
  const uk = form.currency === 'GBP';
  const fields = form.method === 'creditCard'
    ? `${field('name', 'Name on card', value('name'), 'autocomplete="cc-name" maxlength="100"')}
${field('number', 'Card number', value('number'), 'inputmode="numeric" autocomplete="cc-number" maxlength="23"')}
<div class="row"><div>${field('expiry', 'Expiry (MM/YY)', value('expiry'), 'autocomplete="cc-exp" maxlength="5" placeholder="MM/YY"')}</div>
<div>${field('cvc', 'Security code', value('cvc'), 'inputmode="numeric" autocomplete="cc-csc" maxlength="4"')}</div></div>`
    : `${field('name', 'Account holder', value('name'), 'maxlength="100"')}
${field('routing', uk ? 'Sort code' : 'Routing number', value('routing'), `inputmode="numeric" maxlength="${uk ? 8 : 9}"`)}
${field('account', 'Account number', value('account'), 'inputmode="numeric" maxlength="17"')}`;
  const tests = (form.method === 'creditCard' ? TEST_CARDS : TEST_BANK_ACCOUNTS.filter((account) => (account.number.length === 8) === uk))
    .map((instrument) => `<li><code>${instrument.number}</code> ${escape(instrument.label)}</li>`).join('');
  return page('Secure payment (sandbox)', `<h1>Secure payment</h1>
<p class="note">Sandbox Processor: a test environment. No real card or bank account is charged.</p>
<p>${escape(form.description)}</p><p class="amount">${money(form.amount, form.currency)}</p>
${form.error ? `<div class="error" role="alert">${escape(form.error)}</div>` : ''}
<form method="post" action="${escape(form.action)}">
${fields}
<label class="check"><input type="checkbox" name="save" value="true"${value('save') ? ' checked' : ''}> Save this payment method for future payments</label>
<button type="submit">Pay ${money(form.amount, form.currency)}</button>
</form>
<details><summary>Test numbers</summary><ul>${tests}</ul>
<p>${form.method === 'creditCard' ? 'Any other number that passes the Luhn check is approved; any future expiry and any 3 or 4 digit code.' : uk ? 'Any 6 digit sort code.' : 'Routing number 110000000 (or any valid ABA number).'}</p></details>`);
}

export function checkoutDonePage(outcome: { ok: boolean; message: string }): string {
  return page('Payment', `<h1>${outcome.ok ? 'Payment submitted' : 'Payment failed'}</h1>
<div class="${outcome.ok ? 'ok' : 'error'}" role="status">${escape(outcome.message)}</div>
<p class="note">You can close this window; the console shows the outcome.</p>`);
}

export function checkoutGonePage(message: string): string {
  return page('Payment', `<h1>Payment</h1><div class="error" role="alert">${escape(message)}</div>`);
}
