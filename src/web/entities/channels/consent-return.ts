/**
 * Etsy and Depop both send the seller back to the Marketplaces screen with ?code&state: the channel whose consent this
 * tab opened is remembered (for the tab only) so that only its section exchanges the code.
 */
const CONSENT_CHANNEL_KEY = 'consent-channel';

export function rememberConsentChannel(channel: string) {
  try {
    window.sessionStorage.setItem(CONSENT_CHANNEL_KEY, channel);
  } catch {
    // Storage refused (private mode): the first channel to look takes the return, as before.
  }
}

/** The return is this channel's: the tab opened its consent, or opened none it remembers and `byDefault` says so. */
export function consentReturnIsFor(channel: string, byDefault: boolean): boolean {
  const remembered = readRemembered();
  return remembered ? remembered === channel : byDefault;
}

function readRemembered(): string | null {
  try {
    return window.sessionStorage.getItem(CONSENT_CHANNEL_KEY);
  } catch {
    return null;
  }
}

export function forgetConsentChannel() {
  try {
    window.sessionStorage.removeItem(CONSENT_CHANNEL_KEY);
  } catch {
    // Nothing was kept.
  }
}
