/**
 * Decoding of JSON-Cadence values (the access API's event payloads and script results) into
 * plain JS: numbers stay decimal strings, addresses 0x strings, structs and events objects of
 * their fields. Enough for the types pattern-token events and scripts use. Pure.
 */

type Decoded = null | string | boolean | Decoded[] | { [key: string]: Decoded };

interface CdcValue {
  type: string;
  value?: unknown;
}

const isCdc = (v: unknown): v is CdcValue =>
  typeof v === 'object' && v !== null && typeof (v as CdcValue).type === 'string';

const COMPOSITES = new Set(['Struct', 'Resource', 'Event', 'Contract', 'Enum']);

function decodeJsonCdc(value: unknown): Decoded {
  if (!isCdc(value)) throw new TypeError('Not a JSON-Cadence value');
  const v = value.value;
  if (value.type === 'Void') return null;
  if (value.type === 'Optional') return v === null || v === undefined ? null : decodeJsonCdc(v);
  if (value.type === 'Bool') return v === true;
  if (value.type === 'Array') return Array.isArray(v) ? v.map(decodeJsonCdc) : [];
  if (value.type === 'Dictionary') {
    const out: Record<string, Decoded> = {};
    for (const kv of Array.isArray(v) ? (v as { key: unknown; value: unknown }[]) : [])
      out[String(decodeJsonCdc(kv.key))] = decodeJsonCdc(kv.value);
    return out;
  }
  if (COMPOSITES.has(value.type)) {
    const out: Record<string, Decoded> = {};
    const fields = (v as { fields?: { name: string; value: unknown }[] } | undefined)?.fields ?? [];
    for (const f of fields) out[f.name] = decodeJsonCdc(f.value);
    return out;
  }
  if (value.type === 'Type')
    return String((v as { staticType?: { typeID?: string } })?.staticType?.typeID ?? '');
  if (value.type === 'Path')
    return `/${String((v as { domain?: string }).domain)}/${String((v as { identifier?: string }).identifier)}`;
  return typeof v === 'string' ? v : String(v);
}

/** An event payload (base64 of JSON-Cadence, as the REST API sends it) as {type, data}. */
export function decodeEventPayload(
  type: string,
  payloadBase64: string,
): { type: string; data: Record<string, unknown> } {
  const json: unknown = JSON.parse(atob(payloadBase64));
  const data = decodeJsonCdc(json);
  return {
    type,
    data: typeof data === 'object' && data !== null && !Array.isArray(data) ? data : {},
  };
}
