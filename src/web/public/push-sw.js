/* global self */
/*
 * Web Push in the service worker (decision 084), imported by the Workbox worker (vite.config.ts
 * importScripts). A push's data is the server's message (src/shared/contracts/push.ts PushMessage), decrypted by the
 * browser: shown as a notification ("Sold on eBay: delist on Depop", the item), and a tap opens its deep link (the
 * listing to delist, else the delist task in the app), focusing an open window of the app when the link is the app's.
 */
self.addEventListener('push', (event) => {
  let message;
  try {
    message = event.data ? event.data.json() : null;
  } catch {
    message = null;
  }
  const title = (message && message.title) || 'Resale Studio';
  const options = {
    body: (message && message.body) || 'An item sold: open the app to delist it elsewhere.',
    tag: (message && message.tag) || 'delist-tasks',
    icon: '/icons/icon-192.png',
    badge: '/icons/icon-192.png',
    data: { url: (message && message.url) || '/', taskUrl: (message && message.taskUrl) || '/' },
    requireInteraction: true,
  };
  event.waitUntil(self.registration.showNotification(title, options));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL((event.notification.data && event.notification.data.url) || '/', self.location.origin);
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      if (target.origin === self.location.origin) {
        const open = windows.find((client) => new URL(client.url).origin === target.origin);
        if (open) return open.navigate(target.href).then((client) => (client || open).focus());
      }
      return self.clients.openWindow(target.href);
    }),
  );
});
