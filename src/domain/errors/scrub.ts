/**
 * Removes secrets from anything that leaves the device in an error report: passwords,
 * tokens, keys, JWTs, bearer headers, wallet secrets. Pure.
 */

const SENSITIVE_KEY =
  /(pass(word|wd)?|pwd|secret|token|authorization|api[-_]?key|apikey|jwt|cookie|private[-_]?key|mnemonic|seed[-_]?phrase|credential|signature)/i;

export const REDACTED = '[redacted]';

const STRING_RULES: ReadonlyArray<[RegExp, string]> = [
  // Authorization headers
  [/\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/gi, `$1 ${REDACTED}`],
  // JWTs anywhere
  [/\beyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]*/g, REDACTED],
  // key=value in URLs, form bodies and log lines
  [
    /\b((?:access_|refresh_|id_)?token|password|passwd|pwd|secret|api[-_]?key|apikey|jwt|code_verifier|private[-_]?key)(=|:\s*)("[^"]*"|'[^']*'|[^\s&"',;}]+)/gi,
    `$1$2${REDACTED}`,
  ],
  // "password": "..." in JSON text
  [
    /("(?:[^"]*(?:password|passwd|token|secret|api[-_]?key|jwt|private[-_]?key|mnemonic)[^"]*)"\s*:\s*)"(?:[^"\\]|\\.)*"/gi,
    `$1"${REDACTED}"`,
  ],
  // raw 32-byte hex keys (wallet private keys)
  [/\b0x[0-9a-fA-F]{64}\b/g, REDACTED],
];

export function scrubString(text: string): string {
  let out = text;
  for (const [pattern, replacement] of STRING_RULES) out = out.replace(pattern, replacement);
  return out;
}

/** Deep copy of `value` with sensitive keys and secret-looking strings redacted. */
function scrubValue(value: unknown, depth = 0): unknown {
  if (depth > 6) return '[truncated]';
  if (typeof value === 'string') return scrubString(value);
  if (Array.isArray(value)) return value.slice(0, 50).map((v) => scrubValue(v, depth + 1));
  if (value instanceof Error) return scrubString(`${value.name}: ${value.message}`);
  if (typeof value === 'object' && value !== null) {
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value)) {
      out[key] = SENSITIVE_KEY.test(key) ? REDACTED : scrubValue(v, depth + 1);
    }
    return out;
  }
  if (typeof value === 'function' || typeof value === 'symbol') return undefined;
  return value;
}

export function scrubRecord(record: Record<string, unknown>): Record<string, unknown> {
  return scrubValue(record) as Record<string, unknown>;
}
