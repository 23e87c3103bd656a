/**
 * This device's side of Breathe together: a random device id (a guest's join is counted
 * against it, never against an address) and the sessions this device started as host. Both in
 * localStorage; a refusal (private mode) only means a guest may count twice or a host sees no
 * count on this device.
 */
const DEVICE_KEY = 'pneuma.together.device';
const HOSTED_KEY = 'pneuma.together.hosted';

export function togetherDeviceId(): string {
  try {
    const known = localStorage.getItem(DEVICE_KEY);
    if (known && /^[0-9a-f-]{36}$/i.test(known)) return known;
    const id = crypto.randomUUID();
    localStorage.setItem(DEVICE_KEY, id);
    return id;
  } catch {
    return crypto.randomUUID();
  }
}

function hosted(): string[] {
  try {
    const list: unknown = JSON.parse(localStorage.getItem(HOSTED_KEY) ?? '[]');
    return Array.isArray(list) ? list.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

export function rememberHosted(id: string): void {
  try {
    localStorage.setItem(
      HOSTED_KEY,
      JSON.stringify([id, ...hosted().filter((x) => x !== id)].slice(0, 20)),
    );
  } catch {
    // Storage refused: the host's count is not shown on this device.
  }
}

export const isHosted = (id: string): boolean => hosted().includes(id);
