/**
 * Goes through the fake's consent page without a browser, as a seller would: opens the consent URL, answers Agree
 * or Not now, and returns the query the accept URL receives (code and state, or error and state). `cookie`: the
 * app's session, which the simulated eBay's consent asks for (each seller's account is their own).
 */
export async function answerFakeConsent(
  consentUrl: string,
  decision: 'agree' | 'decline' = 'agree',
  sellerUserId?: string,
  cookie?: string,
): Promise<URLSearchParams> {
  const session: Record<string, string> = cookie ? { cookie } : {};
  const page = await fetch(consentUrl, { redirect: 'manual', headers: session });
  if (page.status === 302) return new URL(page.headers.get('location')!).searchParams;
  const html = await page.text();
  if (page.status !== 200) throw new Error(`consent page answered ${page.status}: ${html}`);
  const form = new URLSearchParams({ decision });
  for (const [, name, value] of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    form.set(
      name!,
      value!.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code))),
    );
  }
  const firstSeller = /<option value="([^"]+)">/.exec(html)?.[1];
  form.set('userId', sellerUserId ?? firstSeller ?? '');
  const answer = await fetch(new URL('consent', consentUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...session },
    body: form.toString(),
    redirect: 'manual',
  });
  if (answer.status !== 302) throw new Error(`consent decision answered ${answer.status}`);
  return new URL(answer.headers.get('location')!).searchParams;
}
