/// <reference lib="webworker" />

/**
 * Push reminders (docs/product.md § Reminders): the server's scheduler sends an encrypted
 * message at the reminder's local time (server/push); the browser decrypts it and this
 * worker shows it, even with every Pneuma tab closed. A tap opens (or focuses) the app on
 * the reminder's pattern. Only a path on this origin is ever opened.
 */

interface ReminderPayload {
  title?: unknown;
  body?: unknown;
  url?: unknown;
  tag?: unknown;
}

function safePath(url: unknown): string {
  return typeof url === 'string' && url.startsWith('/') && !url.startsWith('//') ? url : '/';
}

export function registerPushHandlers(sw: ServiceWorkerGlobalScope): void {
  sw.addEventListener('push', (event) => {
    let p: ReminderPayload;
    try {
      p = (event.data?.json() ?? {}) as ReminderPayload;
    } catch {
      p = {};
    }
    const title = typeof p.title === 'string' && p.title ? p.title.slice(0, 120) : 'Time to breathe';
    event.waitUntil(
      sw.registration.showNotification(title, {
        body: typeof p.body === 'string' ? p.body.slice(0, 240) : 'Your practice reminder.',
        tag: typeof p.tag === 'string' ? p.tag.slice(0, 80) : 'pneuma-reminder',
        icon: '/icons/icon-192.png',
        data: { url: safePath(p.url) },
      }),
    );
  });

  sw.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const path = safePath((event.notification.data as { url?: unknown } | null)?.url);
    event.waitUntil(
      (async () => {
        const target = new URL(path, sw.location.origin).href;
        const open = await sw.clients.matchAll({ type: 'window', includeUncontrolled: true });
        const client = open.find((c) => new URL(c.url).origin === sw.location.origin);
        if (client) {
          await client.focus();
          await client.navigate(target).catch(() => undefined);
          return;
        }
        await sw.clients.openWindow(target);
      })(),
    );
  });
}
