import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { pushApi, pushKeyResponse, pushPaths, pushWords } from '@shared/contracts/push';
import { parsedRequest } from '@/lib/api-client';
import { callRoute } from '@/lib/route-client';

const devicesKey = ['push', 'devices'] as const;

/** The VAPID public key (base64url) as the bytes pushManager.subscribe takes. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i += 1) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/** Why this browser cannot turn phone notifications on, in the seller's words; null when it can try. */
export function pushUnavailable(): string | null {
  if (typeof window === 'undefined' || !('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window))
    return pushWords.unsupported;
  if (window.Notification.permission === 'denied') return pushWords.denied;
  return null;
}

/** The installed app's service worker (none in development, or where the browser keeps none). */
async function serviceWorker(): Promise<ServiceWorkerRegistration | null> {
  const registration = await navigator.serviceWorker.getRegistration();
  if (!registration) return null;
  return navigator.serviceWorker.ready;
}

/** This device's subscription, when it has one. */
export async function thisDeviceSubscription(): Promise<PushSubscription | null> {
  if (pushUnavailable() === pushWords.unsupported) return null;
  const registration = await serviceWorker();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** How many of the seller's devices get phone notifications (GET /api/push/subscriptions). */
export function usePushDevices() {
  return useQuery({
    queryKey: devicesKey,
    queryFn: ({ signal }) => callRoute(pushApi.devices, { signal }),
    select: (answer) => answer.devices,
  });
}

/**
 * "Turn on phone notifications": the browser's permission, then a subscription through the service worker's
 * pushManager with the server's VAPID public key, sent to the server for this seller. Fails in the seller's words.
 */
export function useTurnOnPhoneNotifications() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const unavailable = pushUnavailable();
      if (unavailable) throw new Error(unavailable);
      const permission = await window.Notification.requestPermission();
      if (permission !== 'granted') throw new Error(pushWords.denied);
      const registration = await serviceWorker();
      if (!registration) throw new Error(pushWords.unsupported);
      const { publicKey } = await parsedRequest(pushKeyResponse, pushPaths.key);
      let subscription: PushSubscription;
      try {
        subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) });
      } catch {
        throw new Error(pushWords.failed);
      }
      // What the push service gave: the endpoint and the two keys a message is encrypted with (the rest is not sent).
      const { endpoint, keys } = subscription.toJSON();
      if (!endpoint || !keys?.p256dh || !keys.auth) throw new Error(pushWords.failed);
      return callRoute(pushApi.subscribe, { body: { endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } } });
    },
    onSuccess: (answer) => queryClient.setQueryData(devicesKey, answer),
  });
}
