/**
 * Deleting products that are live on eBay: why one was kept. The confirmation before says so from eBay's trait
 * (`deleteEndsLiveListing`, delete-ends-listings.ts).
 */
export const ebayDeleteMessages = {
  refused: (sku: string, words: string) => `${sku} was kept: eBay did not end its listing (${words}).`,
  unreachable: (sku: string) => `${sku} was kept: eBay could not be reached to end its listing. Try again in a few minutes.`,
  notConnected: (sku: string, reason: string) => `${sku} was kept: its eBay listing could not be ended (${reason}).`,
  publishing: (sku: string) => `${sku} was kept: it is being published to eBay. Delete it when publishing has finished.`,
} as const;
