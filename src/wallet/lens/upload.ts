/** Content uploads for the social-wallet network (docs/product.md § Wallets and tokens). */

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
const TOO_LARGE = 'Data exceeds 10MB size limit';

/**
 * Checks the JSON content (not empty, serialisable, at most 10 MB) and stores it with
 * `store`; when storing fails the content travels inline as a data URI instead.
 */
export async function uploadJson(
  data: unknown,
  store: (json: string) => Promise<string>,
): Promise<string> {
  if (
    data === undefined ||
    data === null ||
    (typeof data === 'object' && Object.keys(data).length === 0)
  ) {
    throw new Error('Nothing to upload: the content is empty');
  }
  let json: string;
  try {
    json = JSON.stringify(data);
  } catch (e) {
    const why = e instanceof Error ? e.message : String(e);
    throw new Error(`The content cannot be serialised: ${why}`, { cause: e });
  }
  const bytes = new TextEncoder().encode(json);
  if (bytes.length > MAX_UPLOAD_BYTES) throw new Error(TOO_LARGE);
  try {
    return await store(json);
  } catch {
    let binary = '';
    bytes.forEach((b) => (binary += String.fromCharCode(b)));
    return `data:application/json;base64,${btoa(binary)}`;
  }
}
