import { optionalHttpUrl } from '../net/httpUrl';

/**
 * Where the app finds the social-wallet (Lens) GraphQL API when the build does not name it
 * (docs/product.md § Wallets and tokens): VITE_LENS_API_URL and VITE_LENS_POST_URL read by
 * the server at start. The names are the build's own, so the server's connect-src already
 * allows the API's origin (server/headers). A post link is a URL template with {id}.
 */
export interface LensSettings {
  apiUrl: string | null;
  postUrl: string | null;
}

const httpUrl = (value: string | undefined, name: string): string | null =>
  optionalHttpUrl(value, name) ?? null;

export function lensSettingsFromEnv(env: NodeJS.ProcessEnv): LensSettings {
  const apiUrl = httpUrl(env.VITE_LENS_API_URL, 'VITE_LENS_API_URL');
  const postUrl = httpUrl(env.VITE_LENS_POST_URL, 'VITE_LENS_POST_URL');
  if (postUrl && !postUrl.includes('{id}'))
    throw new Error('VITE_LENS_POST_URL: the link template needs {id} where the post id goes');
  return { apiUrl, postUrl: apiUrl ? postUrl : null };
}
