/**
 * The simulated marketplaces' order page (eBay's, Etsy's and Shopify's): where a double sale's "Cancel on ..." link
 * leads (decision 083), as the marketplace's own order page would, and where the seller cancels the order.
 */
export const simulatedOrderWords = {
  heading: (orderId: string) => `Order ${orderId}`,
  buyer: (buyer: string) => `Buyer: ${buyer}`,
  open: 'Paid, not cancelled.',
  cancel: 'Cancel this order (simulation)',
  cancelled: 'This order is cancelled. Resale Studio takes the sale back when it checks for sales, which it has just done.',
  notFound: 'There is no such order on your account.',
  signInFirst: 'Sign in to Resale Studio as this order’s seller first, then open the order again.',
} as const;
