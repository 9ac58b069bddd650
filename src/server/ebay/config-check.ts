import type { EbayConfigCheck } from '@shared/contracts/ebay-config';
import type { Config } from '../config';

const MIN_KEY_LENGTH = 20;

/** Shows the first 4 characters and the length of a secret: enough to recognise it, not to use it. */
export function maskSecret(value: string | undefined): string | null {
  if (!value) return null;
  return `${value.slice(0, 4)}${'•'.repeat(6)} (${value.length} characters)`;
}

/** The /test-ebay-config diagnostic: are the eBay keys set and plausible? Secrets are masked. */
export function checkEbayConfig(config: Config): EbayConfigCheck {
  const { clientId, clientSecret, ruName, environment } = config.ebay;
  const issues: string[] = [];
  const idValid = Boolean(clientId && clientId.length >= MIN_KEY_LENGTH);
  const secretValid = Boolean(clientSecret && clientSecret.length >= MIN_KEY_LENGTH);
  const ruNameValid = Boolean(ruName && /^[\w-]{10,}$/.test(ruName));
  const callbackUrl = `${config.publicUrl}/ebay-callback`;
  const callbackIsHttps = callbackUrl.startsWith('https://');

  if (!clientId) issues.push('EBAY_CLIENT_ID is not set');
  else if (!idValid) issues.push(`EBAY_CLIENT_ID looks too short (${clientId.length} characters)`);
  if (!clientSecret) issues.push('EBAY_CLIENT_SECRET is not set');
  else if (!secretValid) issues.push(`EBAY_CLIENT_SECRET looks too short (${clientSecret.length} characters)`);
  if (!ruName) issues.push('EBAY_RU_NAME (the redirect URL name) is not set');
  else if (!ruNameValid)
    issues.push('EBAY_RU_NAME should be the RuName eBay shows for your keyset (letters, digits and dashes), not a URL');
  if (!callbackIsHttps)
    issues.push(`The accept URL eBay redirects to must be https: set PUBLIC_URL so that ${callbackUrl} is reachable over https`);
  if (clientId && environment === 'production' && /-SBX-/.test(clientId))
    issues.push('EBAY_ENV is production but the client id is a sandbox (SBX) key');
  if (clientId && environment === 'sandbox' && /-PRD-/.test(clientId))
    issues.push('EBAY_ENV is sandbox but the client id is a production (PRD) key');

  const allConfigured = Boolean(clientId && clientSecret && ruName);
  return {
    allConfigured,
    readyForOauth: allConfigured && idValid && secretValid && ruNameValid,
    environment,
    credentials: {
      clientId: { configured: Boolean(clientId), looksValid: idValid, value: maskSecret(clientId) },
      clientSecret: { configured: Boolean(clientSecret), looksValid: secretValid, value: maskSecret(clientSecret) },
      ruName: { configured: Boolean(ruName), looksValid: ruNameValid, value: ruName ?? null },
    },
    callbackUrl,
    callbackIsHttps,
    issues,
    testUrls: {
      production: 'https://auth.ebay.com/oauth2/authorize',
      sandbox: 'https://auth.sandbox.ebay.com/oauth2/authorize',
    },
  };
}
