/**
 * The OAuth 2 authorization-code protocol for every marketplace that speaks it as RFC 6749 has it (eBay, Etsy), over
 * oauth4webapi: the consent URL (with a PKCE S256 challenge where the marketplace uses PKCE), the code exchange and
 * the refresh, and a client-credentials token. Each channel describes its marketplace once (`OAuthProvider`) and
 * keeps its own words for failures. Shopify's grant is not this one (an HMAC-signed callback on the store's own
 * domain): it keeps its own, and shares the state and token storage (consent.ts, token-keeper.ts).
 */
import * as oauth from 'oauth4webapi';

export interface OAuthProvider {
  /** The consent page. */
  authorizationEndpoint: string;
  tokenEndpoint: string;
  clientId: string;
  /**
   * How the app proves itself at the token endpoint: `basic` is HTTP Basic over `client_id:client_secret` exactly
   * as eBay documents it (oauth4webapi's ClientSecretBasic form-encodes both first, turning eBay's dashes into
   * `%2D`); `none` is a public client that sends its `client_id` in the form (Etsy, with PKCE).
   */
  clientAuth: { kind: 'basic'; clientSecret: string } | { kind: 'none' };
  /** The redirect the marketplace knows the app by (eBay: the RuName, a name rather than a URL). */
  redirectUri: string;
  /** `token_type` values the marketplace answers besides Bearer (eBay: "User Access Token"), lower-cased. */
  tokenTypes?: readonly string[];
  fetch?: typeof fetch;
  now?: () => number;
  timeoutMs?: number;
}

export interface OAuthTokens {
  accessToken: string;
  /** Null when the answer carried none (eBay's refresh keeps the refresh token it had). */
  refreshToken: string | null;
  accessExpiresAt: Date | null;
  /** Where the marketplace says (eBay's `refresh_token_expires_in`); null when it does not. */
  refreshExpiresAt: Date | null;
  scope: string | null;
}

/** The token endpoint answered with an error (OAuth's `error`: invalid_grant, invalid_client, invalid_scope...). */
export class OAuthTokenError extends Error {
  constructor(
    readonly status: number,
    readonly error: string | undefined,
    readonly description: string | undefined,
    readonly retryAfter: string | null,
    readonly body: string,
  ) {
    super(`The token endpoint answered ${status}${error ? ` ${error}` : ''}${description ? `: ${description}` : ''}`);
    this.name = 'OAuthTokenError';
  }

  /** The marketplace refused the grant itself (revoked, expired or spent): only a new consent helps. */
  get refusedGrant(): boolean {
    return this.error === 'invalid_grant' || this.status === 401;
  }
}

/** The token endpoint gave no answer (refused connection, timeout). */
export class OAuthUnreachableError extends Error {
  constructor(cause: unknown) {
    super(`The token endpoint could not be reached (${cause instanceof Error ? cause.message : String(cause)})`, { cause });
    this.name = 'OAuthUnreachableError';
  }
}

/** A PKCE (RFC 7636) verifier and its S256 challenge. */
export async function pkcePair(): Promise<{ verifier: string; challenge: string }> {
  const verifier = oauth.generateRandomCodeVerifier();
  return { verifier, challenge: await oauth.calculatePKCECodeChallenge(verifier) };
}

/** A fresh `state` value (32 random bytes, base64url). */
export const randomState = (): string => oauth.generateRandomState();

export function createOAuthClient(provider: OAuthProvider) {
  const as: oauth.AuthorizationServer = {
    issuer: new URL(provider.authorizationEndpoint).origin,
    authorization_endpoint: provider.authorizationEndpoint,
    token_endpoint: provider.tokenEndpoint,
  };
  const client: oauth.Client = { client_id: provider.clientId };
  const clientAuth: oauth.ClientAuth =
    provider.clientAuth.kind === 'basic' ? basicAsDocumented(provider.clientId, provider.clientAuth.clientSecret) : oauth.None();
  const now = provider.now ?? Date.now;
  const recognizedTokenTypes = Object.fromEntries((provider.tokenTypes ?? []).map((type) => [type.toLowerCase(), () => undefined]));
  const requestOptions = () => ({
    [oauth.customFetch]: provider.fetch ?? fetch,
    // The simulated marketplaces and the tests' fakes answer on loopback http; the real ones only on https.
    [oauth.allowInsecureRequests]: new URL(provider.tokenEndpoint).protocol === 'http:',
    signal: AbortSignal.timeout(provider.timeoutMs ?? 30_000),
  });

  /** Sends one token request; an error answer becomes OAuthTokenError, no answer OAuthUnreachableError. */
  async function tokenRequest(send: () => Promise<Response>): Promise<Response> {
    let response: Response;
    try {
      response = await send();
    } catch (error) {
      throw new OAuthUnreachableError(error);
    }
    if (response.ok) return response;
    const body = await response.text().catch(() => '');
    let parsed: { error?: unknown; error_description?: unknown } = {};
    try {
      parsed = JSON.parse(body) as typeof parsed;
    } catch {
      // not JSON: the status says it
    }
    throw new OAuthTokenError(
      response.status,
      typeof parsed.error === 'string' ? parsed.error : undefined,
      typeof parsed.error_description === 'string' ? parsed.error_description : undefined,
      response.headers.get('retry-after'),
      body.slice(0, 500),
    );
  }

  function tokensOf(answer: oauth.TokenEndpointResponse, at: number): OAuthTokens {
    const refreshIn = (answer as { refresh_token_expires_in?: unknown }).refresh_token_expires_in;
    return {
      accessToken: answer.access_token,
      refreshToken: answer.refresh_token ?? null,
      accessExpiresAt: typeof answer.expires_in === 'number' ? new Date(at + answer.expires_in * 1000) : null,
      refreshExpiresAt: typeof refreshIn === 'number' ? new Date(at + refreshIn * 1000) : null,
      scope: answer.scope ?? null,
    };
  }

  return {
    /** The consent page's URL for one round trip: our state, the scopes, and the PKCE challenge when given. */
    authorizationUrl(input: { state: string; scopes: readonly string[]; codeChallenge?: string; extra?: Record<string, string> }): string {
      const url = new URL(provider.authorizationEndpoint);
      url.searchParams.set('client_id', provider.clientId);
      url.searchParams.set('redirect_uri', provider.redirectUri);
      url.searchParams.set('response_type', 'code');
      url.searchParams.set('scope', input.scopes.join(' '));
      url.searchParams.set('state', input.state);
      if (input.codeChallenge) {
        url.searchParams.set('code_challenge', input.codeChallenge);
        url.searchParams.set('code_challenge_method', 'S256');
      }
      for (const [name, value] of Object.entries(input.extra ?? {})) url.searchParams.set(name, value);
      return url.toString();
    },

    /**
     * Trades the callback's code for tokens; `codeVerifier` is the round trip's PKCE verifier (null: no PKCE). The
     * `state` is the one the callback carried, already checked against the stored one (consent.ts); without it the
     * caller vouches for the round trip itself (a test's direct consent).
     */
    async exchangeCode(input: { code: string; state?: string; codeVerifier: string | null }): Promise<OAuthTokens> {
      const at = now();
      const params = new URLSearchParams(input.state === undefined ? { code: input.code } : { code: input.code, state: input.state });
      const callback = oauth.validateAuthResponse(as, client, params, input.state ?? oauth.skipStateCheck);
      const response = await tokenRequest(() =>
        oauth.authorizationCodeGrantRequest(
          as,
          client,
          clientAuth,
          callback,
          provider.redirectUri,
          input.codeVerifier ?? oauth.nopkce,
          requestOptions(),
        ),
      );
      return tokensOf(await oauth.processAuthorizationCodeResponse(as, client, response, { recognizedTokenTypes }), at);
    },

    /** New tokens from a refresh token; `scopes` narrows what is asked for (eBay: what consent granted). */
    async refresh(refreshToken: string, scopes?: readonly string[]): Promise<OAuthTokens> {
      const at = now();
      const response = await tokenRequest(() =>
        oauth.refreshTokenGrantRequest(as, client, clientAuth, refreshToken, {
          ...requestOptions(),
          ...(scopes ? { additionalParameters: { scope: scopes.join(' ') } } : {}),
        }),
      );
      return tokensOf(await oauth.processRefreshTokenResponse(as, client, response, { recognizedTokenTypes }), at);
    },

    /** An application token (client_credentials), for calls made for the app rather than a seller. */
    async clientCredentials(scopes: readonly string[]): Promise<OAuthTokens> {
      const at = now();
      const response = await tokenRequest(() =>
        oauth.clientCredentialsGrantRequest(as, client, clientAuth, { scope: scopes.join(' ') }, requestOptions()),
      );
      return tokensOf(await oauth.processClientCredentialsResponse(as, client, response, { recognizedTokenTypes }), at);
    },
  };
}

export type OAuthClient = ReturnType<typeof createOAuthClient>;

function basicAsDocumented(clientId: string, clientSecret: string): oauth.ClientAuth {
  return (_as, _client, _body, headers) => {
    headers.set('authorization', `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`);
  };
}
