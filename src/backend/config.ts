/**
 * The app's backend settings. The backend URL and its public key are required and
 * the app refuses to start without them. They come from the build (VITE_SUPABASE_URL,
 * VITE_SUPABASE_ANON_KEY, VITE_API_URL) or from /config.json served by the backend; the
 * last good copy is kept so an installed app starts offline.
 */
export interface AppConfig {
  supabaseUrl: string;
  supabaseAnonKey: string;
  apiUrl: string;
}

export type ConfigResult = { ok: true; config: AppConfig } | { ok: false; missing: string[]; detail?: string };

const STORAGE_KEY = 'pneuma.config';
let current: AppConfig | null = null;

function fromBuild(): Partial<AppConfig> {
  const env = import.meta.env;
  return {
    supabaseUrl: env.VITE_SUPABASE_URL || undefined,
    supabaseAnonKey: env.VITE_SUPABASE_ANON_KEY || undefined,
    apiUrl: env.VITE_API_URL || undefined,
  };
}

function readStored(): Partial<AppConfig> {
  try {
    const raw = localStorage.getItem(STORAGE_KEY);
    return raw ? (JSON.parse(raw) as Partial<AppConfig>) : {};
  } catch {
    return {};
  }
}

async function fromServer(fetchImpl: typeof fetch): Promise<Partial<AppConfig>> {
  const res = await fetchImpl('/config.json', { cache: 'no-store', headers: { accept: 'application/json' } });
  if (!res.ok) throw new Error(`/config.json answered ${res.status}`);
  return (await res.json()) as Partial<AppConfig>;
}

/** Pure: which required settings are missing. */
export function missingSettings(c: Partial<AppConfig>): string[] {
  const missing: string[] = [];
  if (!c.supabaseUrl) missing.push('backend URL (VITE_SUPABASE_URL or supabaseUrl in /config.json)');
  if (!c.supabaseAnonKey) missing.push('backend public key (VITE_SUPABASE_ANON_KEY or supabaseAnonKey in /config.json)');
  return missing;
}

export async function loadConfig(fetchImpl: typeof fetch = fetch): Promise<ConfigResult> {
  let merged: Partial<AppConfig> = fromBuild();
  let detail: string | undefined;
  if (missingSettings(merged).length > 0) {
    try {
      const served = await fromServer(fetchImpl);
      merged = { ...served, ...stripEmpty(merged) };
      if (missingSettings(merged).length === 0) localStorage.setItem(STORAGE_KEY, JSON.stringify(merged));
    } catch (error) {
      detail = error instanceof Error ? error.message : String(error);
      merged = { ...readStored(), ...stripEmpty(merged) };
    }
  }
  const missing = missingSettings(merged);
  if (missing.length > 0) return { ok: false, missing, detail };
  current = {
    supabaseUrl: merged.supabaseUrl!.replace(/\/$/, ''),
    supabaseAnonKey: merged.supabaseAnonKey!,
    apiUrl: (merged.apiUrl || merged.supabaseUrl!).replace(/\/$/, ''),
  };
  return { ok: true, config: current };
}

function stripEmpty(c: Partial<AppConfig>): Partial<AppConfig> {
  return Object.fromEntries(Object.entries(c).filter(([, v]) => Boolean(v))) as Partial<AppConfig>;
}

/** The loaded configuration; main.tsx loads it before the app renders. */
export function getConfig(): AppConfig {
  if (!current) throw new Error('Configuration not loaded');
  return current;
}

/** For tests. */
export function setConfigForTests(config: AppConfig | null): void {
  current = config;
}
