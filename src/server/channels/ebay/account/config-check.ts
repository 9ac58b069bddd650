import { ebayPaths } from '@shared/contracts/ebay';
import type { EbayConfigCheck } from '@shared/contracts/ebay-config';
import type { EbaySettings } from '../setup';

const MIN_KEY_LENGTH = 20;

/** Shows the first 4 characters and the length of a secret: enough to recognise it, not to use it. */
export function maskSecret(value: string | undefined): string | null {
  if (!value) return null;
  return `${value.slice(0, 4)}${'•'.repeat(6)} (${value.length} characters)`;
}

/** The /test-ebay-config diagnostic: are the eBay keys set and plausible? Secrets are masked. */
export function checkEbayConfig(config: Pick<EbaySettings, 'ebay' | 'publicUrl'>): Omit<EbayConfigCheck, 'browse_calls' | 'sales_checks'> {
  const { clientId, clientSecret, ruName, environment } = config.ebay;
  const issues: string[] = [];
  const idValid = Boolean(clientId && clientId.length >= MIN_KEY_LENGTH);
  const secretValid = Boolean(clientSecret && clientSecret.length >= MIN_KEY_LENGTH);
  const ruNameValid = Boolean(ruName && /^[\w-]{10,}$/.test(ruName));
  const callbackUrl = `${config.publicUrl}/ebay-callback`;
  const callbackIsHttps = callbackUrl.startsWith('https://');
  // eBay accepts only an https accept URL: the one to register is the https address of ours, whatever we serve now.
  const acceptUrl = callbackUrl.replace(/^http:/, 'https:');
  const simulated = config.ebay.simulated;

  if (!clientId) issues.push('EBAY_CLIENT_ID is not set');
  else if (!idValid) issues.push(`EBAY_CLIENT_ID looks too short (${clientId.length} characters)`);
  if (!clientSecret) issues.push('EBAY_CLIENT_SECRET is not set');
  else if (!secretValid) issues.push(`EBAY_CLIENT_SECRET looks too short (${clientSecret.length} characters)`);
  if (!ruName) issues.push('EBAY_RU_NAME (the redirect URL name) is not set');
  else if (!ruNameValid)
    issues.push('EBAY_RU_NAME should be the RuName eBay shows for your keyset (letters, digits and dashes), not a URL');
  if (!callbackIsHttps) issues.push(`eBay redirects only to an https accept URL: serve the app over https so that it is ${acceptUrl}`);
  if (clientId && environment === 'production' && /-SBX-/.test(clientId))
    issues.push('EBAY_ENV is production but the client id is a sandbox (SBX) key');
  if (clientId && environment === 'sandbox' && /-PRD-/.test(clientId))
    issues.push('EBAY_ENV is sandbox but the client id is a production (PRD) key');

  const fix: string[] = [];
  if (!clientId || !idValid || !clientSecret || !secretValid)
    fix.push(
      'Copy the App ID (Client ID) and Cert ID (Client Secret) of your keyset into EBAY_CLIENT_ID and EBAY_CLIENT_SECRET, then restart the server.',
    );
  if (!ruName || !ruNameValid)
    fix.push('Put the RuName (eBay Redirect URL name) of your keyset into EBAY_RU_NAME, then restart the server.');
  if (!callbackIsHttps)
    fix.push(
      `Serve the app over https (HTTPS=1, or PUBLIC_URL=${config.publicUrl.replace(/^http:/, 'https:')} behind your own https), and set the RuName's accept URL to ${acceptUrl} in eBay's developer portal.`,
    );
  if (issues.some((i) => i.startsWith('EBAY_ENV')))
    fix.push('Set EBAY_ENV to match the keyset: sandbox for SBX keys, production for PRD keys.');

  const allConfigured = Boolean(clientId && clientSecret && ruName);
  return {
    all_configured: allConfigured,
    ready_for_oauth: simulated || (allConfigured && idValid && secretValid && ruNameValid),
    simulated,
    environment,
    credentials_status: {
      client_id: { configured: Boolean(clientId), looks_valid: idValid, value: maskSecret(clientId), is_https: null },
      client_secret: { configured: Boolean(clientSecret), looks_valid: secretValid, value: maskSecret(clientSecret), is_https: null },
      ru_name: { configured: Boolean(ruName), looks_valid: ruNameValid, value: ruName ?? null, is_https: callbackIsHttps },
    },
    callback_url: callbackUrl,
    accept_url: acceptUrl,
    // The simulation needs no key and runs over http: nothing to fix until the seller wants eBay for real.
    issues: simulated ? [] : issues,
    fix_instructions: simulated ? [] : fix,
    setup_instructions: [
      'Create a keyset at developer.ebay.com (Sandbox first, then Production).',
      'Copy the App ID into EBAY_CLIENT_ID and the Cert ID into EBAY_CLIENT_SECRET.',
      `Under User Tokens, create a RuName (eBay Redirect URL name) whose accept URL is ${acceptUrl}; put its name into EBAY_RU_NAME.`,
      'Set EBAY_ENV to sandbox or production to match the keyset.',
      'For marketplace account deletion notifications, set EBAY_VERIFICATION_TOKEN (32-80 characters) and register the endpoint ' +
        `${config.publicUrl}${ebayPaths.notifications} in the developer portal's Alerts and Notifications page ` +
        '(the older /api/ebay/account-deletion still answers).',
      'With EBAY_VERIFICATION_TOKEN and an https PUBLIC_URL, eBay pushes each sale to the same endpoint: every connected seller is ' +
        'subscribed to ORDER_CONFIRMATION, and a sale ends the other listings at once. Otherwise sales are pulled.',
    ],
    test_urls: {
      production: 'https://auth.ebay.com/oauth2/authorize',
      sandbox: 'https://auth.sandbox.ebay.com/oauth2/authorize',
    },
  };
}
