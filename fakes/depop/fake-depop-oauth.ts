/**
 * The fake Depop's OAuth 2.0, as Depop's guides have it (contracts/depop/GUIDES.md) and the document's token endpoint
 * (exchangeToken): the seller's consent at /settings/oauth/apps/ (response_type=code, client_id, redirect_uri,
 * scope, state, code_challenge with S256), which sends the browser back with a short-lived single-use code; the
 * code exchanged at /api/v1/oauth2/access-token/ (form-encoded, with client_id, client_secret and the PKCE verifier)
 * for an access token of an hour and a refresh token of a year; a refresh spends its refresh token and answers a new
 * pair, the new refresh token expiring when the first did ("1 year from initial creation").
 */
import { createHash, randomBytes } from 'node:crypto';
import { exampleError, oauthError, type Answer } from './fake-depop-answers';
import type { FakeDepopState, FakeSeller, GrantedToken } from './fake-depop-state';

/** The document's scopes (its info.description). */
export const DEPOP_SCOPES = ['products_read', 'products_write', 'orders_read', 'orders_write', 'offers_read', 'offers_write', 'shop_read'];

export interface FakeDepopOAuthConfig {
  clientId: string;
  clientSecret: string;
  /** The partner's registered redirect URIs; unset: any URL is taken. */
  redirectUris?: readonly string[];
  accessTokenLifetimeSeconds: number;
  refreshTokenLifetimeSeconds: number;
  codeLifetimeSeconds: number;
  now: () => number;
}

const sites = [
  ['GB', 'Depop UK (prices in GBP)'],
  ['US', 'Depop US (prices in USD)'],
] as const;
const siteOptions = (hint: string | null) =>
  sites.map(([code, name]) => `<option value="${code}"${code === hint ? ' selected' : ''}>${name}</option>`).join('');

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
/** RFC 7636's verifier, as the document words it: "43-128 characters long and contain only [A-Za-z0-9._~-]". */
const verifierPattern = /^[A-Za-z0-9._~-]{43,128}$/;

export function createFakeDepopOAuth(
  state: () => FakeDepopState,
  config: FakeDepopOAuthConfig,
  /** The seller a consent connects: the one the form names (seller_id), or a new one. */
  sellerFor: (form: URLSearchParams) => FakeSeller,
  label: string,
) {
  const registered = (uri: string) =>
    URL.canParse(uri) && (config.redirectUris === undefined || config.redirectUris.includes(uri.split('?')[0]!));

  function violation(path: string, problems: string[]): Answer {
    state().contractViolations.push({ method: 'GET', path, problems });
    return { status: 400, html: `<h1>Depop: bad request</h1><p>${escapeHtml(problems.join('; '))}</p>` };
  }

  /**
   * GET /settings/oauth/apps/: the seller is asked to allow the partner's app its scopes. A real Depop account has its
   * site already; the fake's new shop takes the one the `country` hint names (the simulation passes the seller's own),
   * and the seller may still change it.
   */
  function consentPage(query: URLSearchParams): Answer {
    const problems: string[] = [];
    if (query.get('response_type') !== 'code') problems.push('response_type must be code');
    if (query.get('client_id') !== config.clientId) problems.push('unknown client_id');
    if (!registered(query.get('redirect_uri') ?? '')) problems.push('redirect_uri is not one of the partner’s registered redirect URIs');
    if (!query.get('state')) problems.push('state is required');
    if (query.get('code_challenge_method') !== 'S256' || !query.get('code_challenge')) problems.push('PKCE with S256 is required');
    const scopes = (query.get('scope') ?? '').split(' ').filter(Boolean);
    if (!scopes.length || scopes.some((scope) => !DEPOP_SCOPES.includes(scope))) problems.push('scope is invalid');
    if (problems.length) return violation('/settings/oauth/apps/', problems);
    const hidden = ['client_id', 'redirect_uri', 'state', 'code_challenge', 'scope']
      .map((name) => `<input type="hidden" name="${name}" value="${escapeHtml(query.get(name) ?? '')}">`)
      .join('');
    return {
      status: 200,
      html: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Depop: connect an app</title><meta name="viewport" content="width=device-width"></head><body>${label}
<main><h1>Allow Resale Studio to manage your Depop shop?</h1><p>It asks for: ${escapeHtml(scopes.join(', '))}</p>
<form method="post" action="">${hidden}<p><label for="country">Your simulated shop’s site</label>
<select id="country" name="country" style="min-height:44px">${siteOptions(query.get('country'))}</select></p>
<button name="decision" value="allow" style="min-height:44px">Allow</button>
<button name="decision" value="deny" style="min-height:44px">Deny</button></form></main></body></html>`,
    };
  }

  /** POST /settings/oauth/apps/: back to the redirect URI with a code (or access_denied) and the state. */
  function consentDecision(form: URLSearchParams): Answer {
    if (!registered(form.get('redirect_uri') ?? '')) return violation('/settings/oauth/apps/', ['redirect_uri is not registered']);
    const redirect = new URL(form.get('redirect_uri')!);
    redirect.searchParams.set('state', form.get('state') ?? '');
    if (form.get('decision') !== 'allow') {
      redirect.searchParams.set('error', 'access_denied');
      return { status: 302, headers: { location: redirect.toString() } };
    }
    const code = randomBytes(16).toString('hex');
    state().codes.set(code, {
      sellerId: sellerFor(form).id,
      scopes: (form.get('scope') ?? '').split(' ').filter(Boolean),
      challenge: form.get('code_challenge') ?? '',
      redirectUri: form.get('redirect_uri')!,
      clientId: form.get('client_id') ?? '',
      expiresAt: config.now() + config.codeLifetimeSeconds * 1000,
    });
    redirect.searchParams.set('code', code);
    return { status: 302, headers: { location: redirect.toString() } };
  }

  function issue(grant: Omit<GrantedToken, 'expiresAt'>, refreshExpiresAt: number) {
    const access = `pat_${randomBytes(20).toString('hex')}`;
    const refresh = `prt_${randomBytes(20).toString('hex')}`;
    state().accessTokens.set(access, { ...grant, expiresAt: config.now() + config.accessTokenLifetimeSeconds * 1000 });
    state().refreshTokens.set(refresh, { ...grant, expiresAt: refreshExpiresAt });
    return {
      status: 200,
      body: { access_token: access, refresh_token: refresh, expires_in: config.accessTokenLifetimeSeconds, token_type: 'Bearer' },
    };
  }

  /** exchangeToken, its form already checked against the document (grant_type, client_id and client_secret there). */
  function token(form: URLSearchParams): Answer {
    const grant = form.get('grant_type') ?? '';
    const answer = (() => {
      if (form.get('client_id') !== config.clientId) return exampleError('invalid_client', 'Client authentication failed');
      if (form.get('client_secret') !== config.clientSecret) return oauthError(401, 'client secret does not match', 'Depop OAuth2 error');
      if (grant === 'authorization_code') return codeGrant(form);
      return refreshGrant(form);
    })();
    state().tokenRequests.push({ grantType: grant, ok: answer.status === 200 });
    return answer;
  }

  function codeGrant(form: URLSearchParams): Answer {
    const [code, redirectUri, verifier] = [form.get('code'), form.get('redirect_uri'), form.get('code_verifier')];
    if (!code || !redirectUri || !verifier || !verifierPattern.test(verifier))
      return exampleError(
        'invalid_request',
        'The request is missing a required parameter (code, redirect_uri, code_verifier of 43 to 128 characters)',
      );
    const stored = state().codes.get(code);
    // A code is single-use: whatever the outcome, this request spends it.
    state().codes.delete(code);
    if (!stored || stored.expiresAt <= config.now() || stored.clientId !== config.clientId || stored.redirectUri !== redirectUri)
      return exampleError(
        'invalid_grant',
        'The provided authorization grant is invalid, expired, revoked, does not match the redirection URI used in the authorization request, or was issued to another client',
      );
    if (createHash('sha256').update(verifier).digest('base64url') !== stored.challenge)
      return exampleError('pkce_verification_failed', 'PKCE verification failed - code verifier does not match the stored code challenge');
    return issue({ sellerId: stored.sellerId, scopes: stored.scopes }, config.now() + config.refreshTokenLifetimeSeconds * 1000);
  }

  function refreshGrant(form: URLSearchParams): Answer {
    const refreshToken = form.get('refresh_token');
    if (!refreshToken) return exampleError('invalid_request', 'The request is missing a required parameter: refresh_token');
    const stored = state().refreshTokens.get(refreshToken);
    // The original refresh token is consumed and cannot be reused.
    state().refreshTokens.delete(refreshToken);
    if (!stored || stored.expiresAt <= config.now())
      return exampleError('invalid_refresh_token', 'The refresh token is invalid, expired, revoked, or does not belong to the client');
    return issue({ sellerId: stored.sellerId, scopes: stored.scopes }, stored.expiresAt);
  }

  return { consentPage, consentDecision, token };
}
