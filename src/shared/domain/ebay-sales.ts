import { salesCheckMessages } from './sales';

/** eBay's connections made before the app asked to read orders (their scopes lack it): the seller reconnects. */
export const ebaySalesMessages = {
  reconnect: salesCheckMessages.unreadable('eBay'),
} as const;
