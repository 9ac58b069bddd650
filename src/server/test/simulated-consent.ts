import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

/**
 * A simulated marketplace's consent page's form as the browser sends it: its hidden fields, the first account it
 * offers (the simulated eBay's), and the seller's choice.
 */
export function consentForm(page: Pick<LightMyRequestResponse, 'body'>, decision: string): URLSearchParams {
  const form = new URLSearchParams({ decision });
  for (const [, name, value] of page.body.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g))
    form.set(
      name!,
      value!.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code))),
    );
  const account = /<option value="([^"]+)">/.exec(page.body)?.[1];
  if (account) form.set('userId', account);
  return form;
}

/**
 * Connects the signed-in seller (`cookie`) to a simulated marketplace through the app, as the browser does: its
 * consent (eBay: Agree; Etsy and Depop: Allow) or install step (Shopify: the store `shop`), and back to the app.
 */
export async function connectSimulated(
  app: FastifyInstance,
  cookie: string,
  channel: 'ebay' | 'etsy' | 'shopify' | 'depop',
  shop = 'vintage-finds',
  /** More of the consent form's answers (the simulated Etsy's `shop_currency`: a new shop pricing in it). */
  answers: Record<string, string> = {},
) {
  const started = await app.inject({ method: 'POST', url: `/api/channels/${channel}/connect`, headers: { cookie }, payload: { shop } });
  if (started.statusCode !== 200) throw new Error(`${channel} connect: ${started.statusCode} ${started.body}`);
  const consent = new URL((started.json() as { url: string }).url);
  const page = await app.inject({ method: 'GET', url: consent.pathname + consent.search, headers: { cookie } });
  let back: URL;
  if (channel === 'shopify') back = new URL(page.headers.location as string);
  else {
    // Depop's consent answers on its own page (a US shop, dollars, unless told); eBay's and Etsy's at /consent.
    const answer = await app.inject({
      method: 'POST',
      url: channel === 'depop' ? consent.pathname : consent.pathname.replace(/\/[^/]+$/, '/consent'),
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: withAnswers(
        consentForm(page, channel === 'ebay' ? 'agree' : 'allow'),
        channel === 'depop' ? { country: 'US', ...answers } : answers,
      ).toString(),
    });
    back = new URL(answer.headers.location as string);
  }
  const done =
    channel === 'shopify'
      ? await app.inject({ method: 'GET', url: back.pathname + back.search, headers: { cookie } })
      : await app.inject({
          method: 'POST',
          url: `/api/channels/${channel}/connection`,
          headers: { cookie },
          payload: { code: back.searchParams.get('code'), state: back.searchParams.get('state') },
        });
  if (done.statusCode >= 400) throw new Error(`${channel} connection: ${done.statusCode} ${done.body}`);
}

const withAnswers = (form: URLSearchParams, answers: Record<string, string>) => {
  for (const [name, value] of Object.entries(answers)) form.set(name, value);
  return form;
};
