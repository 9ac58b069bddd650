import { z } from 'zod';
import { text } from './text';
import { route } from './route-table';

/** Web Push (decision 084): the seller's devices that get a push when a delist task is set. */
export const pushRoutes = {
  key: '/api/push/key',
  subscriptions: '/api/push/subscriptions',
} as const;

export const pushPaths = pushRoutes;

/** The server's VAPID public key (RFC 8292), base64url: the applicationServerKey of pushManager.subscribe. */
export const pushKeyResponse = z.object({ publicKey: z.string() });

const base64url = z.string().regex(/^[A-Za-z0-9_-]+=*$/, 'base64url');

/**
 * A PushSubscription as the browser's toJSON() gives it: the push service's endpoint and the keys (RFC 8291). The
 * server keeps only a browser push service's https endpoint and keys it can encrypt for (push/push-endpoint.ts).
 */
export const pushSubscriptionBody = z.object({
  endpoint: text()
    .max(2000)
    .pipe(z.url({ protocol: /^https?$/ })),
  keys: z.object({ p256dh: base64url.max(200), auth: base64url.max(100) }),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBody>;

export const pushUnsubscribeBody = z.object({ endpoint: text().max(2000) });

/** How many of the seller's devices get phone notifications. */
export const pushSubscriptionsResponse = z.object({ devices: z.number().int() });

/** What the service worker receives (decrypted) and shows: the notification's title, body and where a tap goes. */
export const pushMessage = z.object({
  title: z.string(),
  body: z.string(),
  /** The deep link: the listing on the marketplace to delist, else the delist task in the app. */
  url: z.string(),
  /** The app's own page of the task (where "Delisted" is ticked). */
  taskUrl: z.string(),
  tag: z.string(),
});
export type PushMessage = z.infer<typeof pushMessage>;

/** Why a subscription is refused (400). */
export const pushMessages = {
  badKeys: 'These push keys are not a P-256 public key and a 16-byte auth secret.',
} as const;

/** The seller's words of phone notifications (shared with the tests). */
export const pushWords = {
  notificationTitle: (soldOn: string, delistOn: string) => `Sold on ${soldOn}: delist on ${delistOn}`,
  turnOn: 'Turn on phone notifications',
  hint: 'Get a notification on this phone the moment an item sells, with a link to take it down elsewhere.',
  on: (devices: number) => (devices === 1 ? 'Phone notifications are on (1 device).' : `Phone notifications are on (${devices} devices).`),
  thisDeviceOn: 'Phone notifications are on for this device.',
  unsupported: 'This browser cannot receive push notifications: you will get an e-mail instead.',
  denied: 'Notifications are blocked in this browser: you will get an e-mail instead.',
  failed: 'This browser could not reach its push service. You will get an e-mail instead.',
  mailSubject: 'Sold: take it down',
} as const;

/** The seller's devices' subscriptions (the VAPID key is public, served apart). */
export const pushApi = {
  devices: route.get(pushRoutes.subscriptions, {
    summary: 'How many of the seller’s devices get phone notifications',
    response: { 200: pushSubscriptionsResponse },
  }),
  subscribe: route.post(pushRoutes.subscriptions, {
    summary: 'Keeps this device’s push subscription (PushSubscription.toJSON()) for the seller',
    body: pushSubscriptionBody,
    response: { 201: pushSubscriptionsResponse },
  }),
  unsubscribe: route.delete(pushRoutes.subscriptions, {
    summary: 'Turns phone notifications off for this device',
    body: pushUnsubscribeBody,
    response: { 200: pushSubscriptionsResponse },
  }),
};
