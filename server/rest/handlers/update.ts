import { qi } from '../catalog';
import type { RestCall } from '../call';
import { RestError } from '../errors';
import { isPlainObject } from '../../http';
import { checkColumn, toParam, whereSql } from '../query';
import { respond } from '../respond';
import { mutate, mutationParams, readBody, requireFilter, unknownColumn } from './mutate';

/** PATCH: update the filtered rows with the body's columns. */
export async function handleUpdate(call: RestCall): Promise<Response> {
  const { c, table: t, query: q, media, prefer } = call;
  const value = await readBody(c);
  if (!isPlainObject(value)) throw new RestError(400, 'PGRST102', 'Expected a JSON object');
  requireFilter(call, 'UPDATE');
  const keys = Object.keys(value);
  for (const k of keys) {
    if (!t.columns.has(k)) throw unknownColumn(t.name, k);
  }
  if (keys.length === 0) {
    return prefer.return === 'representation'
      ? respond(c, 200, '[]', { ...media, single: false })
      : c.body(null, 204);
  }
  const p = mutationParams(call);
  const sets = keys.map((k) => {
    const type = checkColumn(t, k);
    return `${qi(k)} = ${p.add(toParam(value[k], type, k))}::${type}`;
  });
  const where = whereSql(t, q.filters, p);
  return mutate(call, `update public.${qi(t.name)} set ${sets.join(', ')}${where}`, 200, p);
}
