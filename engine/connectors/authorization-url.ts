/**
 * The address the ADD button of a connector page sends the browser to (spec 001 section 4 'Connector OAuth'):
 * the provider's authorization endpoint with client_id, response_type, redirect_uri, scope and state, the
 * state carrying the cbid ('<state>:<cbid>'). Google also asks for offline access and a consent prompt;
 * Microsoft lets the user pick the account (select_account). Pure, so the browser and the tests build the
 * same address from the server's metadata.
 */

export interface OAuthMetadata {
  connectorType: string;
  authorizationEndpoint: string;
  clientId: string;
  responseType: string;
  redirectUri: string;
  scope: readonly string[];
  state: string;
}

/** What each provider adds to the request. */
const PROVIDER_PARAMETERS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  GOOGLE: { access_type: 'offline', prompt: 'consent' },
  MICROSOFT: { prompt: 'select_account' },
};

export function connectorState(state: string, cbid: string): string {
  return `${state}:${cbid}`;
}

export function authorizationUrlOf(metadata: OAuthMetadata, cbid: string): string {
  const url = new URL(metadata.authorizationEndpoint);
  url.searchParams.set('client_id', metadata.clientId);
  url.searchParams.set('response_type', metadata.responseType);
  url.searchParams.set('redirect_uri', metadata.redirectUri);
  url.searchParams.set('scope', metadata.scope.join(' '));
  url.searchParams.set('state', connectorState(metadata.state, cbid));
  for (const [name, value] of Object.entries(PROVIDER_PARAMETERS[metadata.connectorType] ?? {})) url.searchParams.set(name, value);
  return url.toString();
}
