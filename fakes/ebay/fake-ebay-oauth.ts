/**
 * The fake's OAuth side (ebay.md "OAuth"), which the OpenAPI contracts do not cover: the consent page with Agree and
 * Not now, and the token endpoint for authorization_code, refresh_token and client_credentials, with Basic auth.
 */
import type { IncomingMessage } from 'node:http';
import type { FakeAnswer } from './fake-ebay-errors';
import type { FakeEbayState, FakeSeller } from './fake-ebay-state';
import { SIMULATED_EBAY_LABEL } from '../../src/shared/domain/simulated-ebay';

const apiScope = 'https://api.ebay.com/oauth/api_scope';
/** Scopes the fake keyset has enabled; any other answers invalid_scope, as eBay does. */
const keysetScopes = new Set([
  apiScope,
  `${apiScope}/sell.inventory`,
  `${apiScope}/sell.inventory.readonly`,
  `${apiScope}/sell.account`,
  `${apiScope}/sell.account.readonly`,
  `${apiScope}/commerce.identity.readonly`,
  `${apiScope}/sell.fulfillment`,
  `${apiScope}/sell.fulfillment.readonly`,
  `${apiScope}/sell.finances`,
  `${apiScope}/commerce.notification.subscription`,
  `${apiScope}/commerce.notification.subscription.readonly`,
  `${apiScope}/sell.analytics.readonly`,
]);

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const html = (status: number, body: string): FakeAnswer => ({
  status,
  // Fits a phone: long scope URLs wrap, and every button and the select are 44 px tall.
  body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>eBay (fake) – Grant application access</title><style>body{font-family:system-ui,sans-serif;margin:0 auto;padding:16px;max-width:40rem;overflow-wrap:anywhere}button,select{min-height:44px;min-width:44px;padding:0 16px;font-size:1rem}button{margin:8px 8px 0 0}</style></head><body><p role="status"><strong>${SIMULATED_EBAY_LABEL}</strong></p>${body}</body></html>`,
  headers: { 'content-type': 'text/html; charset=utf-8' },
});
const redirect = (location: string): FakeAnswer => ({ status: 302, headers: { location } });
const oauthError = (status: number, error: string, description: string): FakeAnswer => ({
  status,
  body: { error, error_description: description },
});

function callbackWith(state: FakeEbayState, params: Record<string, string>): string {
  const url = new URL(state.callbackUrl);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return url.toString();
}

/** GET /oauth2/authorize: the consent page, or a redirect with invalid_scope. */
export function consentPage(state: FakeEbayState, query: URLSearchParams, signedInAs?: FakeSeller): FakeAnswer {
  if (query.get('client_id') !== state.clientId) return html(400, '<h1>Invalid client_id</h1>');
  if (query.get('redirect_uri') !== state.ruName) return html(400, '<h1>Invalid redirect_uri: expected the RuName</h1>');
  if (query.get('response_type') !== 'code') return html(400, '<h1>response_type must be code</h1>');
  const scopes = (query.get('scope') ?? '').split(' ').filter(Boolean);
  const stateParam = query.get('state') ?? '';
  if (!scopes.length || scopes.some((s) => !keysetScopes.has(s))) {
    return redirect(
      callbackWith(state, {
        error: 'invalid_scope',
        error_description: 'The requested scope is invalid, unknown, malformed, or exceeds the scope granted to the client',
        state: stateParam,
      }),
    );
  }
  const hidden = (name: string, value: string) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;
  const options = (signedInAs ? [signedInAs] : state.sellers)
    .map((s) => `<option value="${escapeHtml(s.userId)}">${escapeHtml(s.username)}</option>`)
    .join('');
  return html(
    200,
    `<h1>Grant application access: Resale Studio</h1>
<form method="post" action="consent">
<label>Signed in as <select name="userId" data-testid="fake-ebay-user">${options}</select></label>
<p>The application asks to:</p>
<ul>${scopes.map((s) => `<li>${escapeHtml(s)}</li>`).join('')}</ul>
${hidden('scope', scopes.join(' '))}${hidden('state', stateParam)}
<button type="submit" name="decision" value="agree">Agree</button>
<button type="submit" name="decision" value="decline">Not now</button>
</form>`,
  );
}

/** POST /oauth2/consent: the seller's answer, sent on to the accept URL with a code or an error (for `signedInAs` only, when given). */
export function consentDecision(state: FakeEbayState, form: URLSearchParams, signedInAs?: FakeSeller): FakeAnswer {
  const stateParam = form.get('state') ?? '';
  if (form.get('decision') !== 'agree') {
    return redirect(
      callbackWith(state, { error: 'access_denied', error_description: 'The user declined to grant access', state: stateParam }),
    );
  }
  const userId = signedInAs?.userId ?? form.get('userId') ?? state.sellers[0]!.userId;
  if (!state.sellers.some((s) => s.userId === userId)) return html(400, '<h1>Unknown seller</h1>');
  const code = state.newCode(userId, (form.get('scope') ?? '').split(' ').filter(Boolean), stateParam);
  return redirect(callbackWith(state, { state: stateParam, code, expires_in: '299' }));
}

function basicCredentials(req: IncomingMessage): [string, string] | null {
  const match = /^Basic (\S+)$/.exec(req.headers.authorization ?? '');
  if (!match) return null;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon === -1 ? null : [decoded.slice(0, colon), decoded.slice(colon + 1)];
}

/** Problems with how the token request is sent (ebay.md), recorded as contract violations. */
export function tokenRequestProblems(req: IncomingMessage): string[] {
  const problems: string[] = [];
  if ((req.headers['content-type'] ?? '').split(';')[0] !== 'application/x-www-form-urlencoded')
    problems.push('token request must be application/x-www-form-urlencoded');
  if (!/^Basic \S+$/.test(req.headers.authorization ?? ''))
    problems.push('token request must carry Authorization: Basic base64(client_id:client_secret)');
  return problems;
}

/** POST /identity/v1/oauth2/token. */
export function tokenEndpoint(state: FakeEbayState, req: IncomingMessage, form: URLSearchParams): FakeAnswer {
  const credentials = basicCredentials(req);
  if (!credentials || credentials[0] !== state.clientId || credentials[1] !== state.clientSecret) {
    return oauthError(401, 'invalid_client', 'client authentication failed');
  }
  const expiresIn = state.accessTokenLifetimeSeconds;
  switch (form.get('grant_type')) {
    case 'authorization_code': {
      if (form.get('redirect_uri') !== state.ruName)
        return oauthError(400, 'invalid_grant', 'the provided authorization grant or redirect_uri is invalid');
      const grant = state.takeCode(form.get('code') ?? '');
      if (!grant)
        return oauthError(400, 'invalid_grant', 'the provided authorization grant code is invalid or was issued to another client');
      const access = state.issueAccessToken('user', grant.scopes, grant.userId);
      const refresh = state.issueRefreshToken(grant.userId, grant.scopes);
      state.tokensIssued.authorization_code += 1;
      return {
        status: 200,
        body: {
          access_token: access.token,
          expires_in: expiresIn,
          refresh_token: refresh.token,
          refresh_token_expires_in: Math.round((refresh.expiresAt - Date.now()) / 1000),
          token_type: 'User Access Token',
        },
      };
    }
    case 'refresh_token': {
      const grant = state.refreshGrants.get(form.get('refresh_token') ?? '');
      if (!grant || grant.revoked || grant.expiresAt < Date.now()) {
        return oauthError(400, 'invalid_grant', 'the provided authorization refresh token is invalid or was issued to another client');
      }
      const asked = (form.get('scope') ?? '').split(' ').filter(Boolean);
      if (asked.some((s) => !grant.scopes.includes(s)))
        return oauthError(
          400,
          'invalid_scope',
          'the requested scope is invalid, unknown, malformed, or exceeds the scope granted by the resource owner',
        );
      const access = state.issueAccessToken('user', asked.length ? asked : grant.scopes, grant.userId);
      state.tokensIssued.refresh_token += 1;
      return { status: 200, body: { access_token: access.token, expires_in: expiresIn, token_type: 'User Access Token' } };
    }
    case 'client_credentials': {
      const asked = (form.get('scope') ?? '').split(' ').filter(Boolean);
      if (!asked.length || asked.some((s) => s !== apiScope))
        return oauthError(
          400,
          'invalid_scope',
          'the requested scope is invalid, unknown, malformed, or exceeds the scope granted to the client',
        );
      const access = state.issueAccessToken('application', asked);
      state.tokensIssued.client_credentials += 1;
      return { status: 200, body: { access_token: access.token, expires_in: expiresIn, token_type: 'Application Access Token' } };
    }
    default:
      return oauthError(400, 'unsupported_grant_type', 'grant type in request is not supported by the authorization server');
  }
}
