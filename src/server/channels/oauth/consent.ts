/**
 * The consent round trip's `state`, one way for every channel (decision 079): a random value stored with whose it
 * is, the channel, its PKCE verifier where the marketplace uses PKCE, and what the channel wants back at the
 * callback; used once, by the same seller, within its lifetime.
 */
import type { ApiChannel } from '@shared/domain/channel-listing';
import type { Db } from '../../db/client';
import { pkcePair, randomState } from './oauth-client';
import { consumeOAuthState, deleteOAuthStatesOf, insertOAuthState } from './oauth-states-repo';

export const CONSENT_LIFETIME_MS = 10 * 60_000;

export interface ConsentStart {
  state: string;
  /** The S256 challenge for the consent URL, when asked for PKCE. */
  codeChallenge?: string;
}

export async function beginConsent(
  db: Db,
  input: { userId: string; channel: ApiChannel; pkce: boolean; data?: Record<string, unknown>; now: number },
): Promise<ConsentStart> {
  const state = randomState();
  const pair = input.pkce ? await pkcePair() : null;
  await insertOAuthState(db, {
    state,
    userId: input.userId,
    channel: input.channel,
    codeVerifier: pair?.verifier ?? null,
    data: input.data ?? {},
    expiresAt: new Date(input.now + CONSENT_LIFETIME_MS),
  });
  return pair ? { state, codeChallenge: pair.challenge } : { state };
}

export interface ClaimedConsent {
  codeVerifier: string | null;
  data: Record<string, unknown>;
}

/** The round trip the callback's `state` names, used up; null when it is not this seller's, spent or too old. */
export async function claimConsent(
  db: Db,
  input: { userId: string; channel: ApiChannel; state: string; now: number },
): Promise<ClaimedConsent | null> {
  const row = await consumeOAuthState(db, { state: input.state, userId: input.userId, channel: input.channel, now: new Date(input.now) });
  return row ? { codeVerifier: row.codeVerifier, data: row.data } : null;
}

/** Forgets the seller's round trips under way on the channel (disconnect, account deletion). */
export const forgetConsents = (db: Db, userId: string, channel: ApiChannel) => deleteOAuthStatesOf(db, userId, channel);

/** A consent round trip with PKCE (Depop, Etsy): its state and the S256 challenge for the consent URL. */
export async function beginPkceConsent(db: Db, input: { userId: string; channel: ApiChannel; now: number }) {
  const { state, codeChallenge } = await beginConsent(db, { ...input, pkce: true });
  return { state, codeChallenge: codeChallenge! };
}

/** The PKCE verifier of the round trip the callback's `state` names, used up; `refused()` when it is not this seller's, spent or too old. */
export async function claimPkceVerifier(
  db: Db,
  input: { userId: string; channel: ApiChannel; state: string; now: number },
  refused: () => Error,
): Promise<string> {
  const claimed = await claimConsent(db, input);
  if (!claimed?.codeVerifier) throw refused();
  return claimed.codeVerifier;
}
