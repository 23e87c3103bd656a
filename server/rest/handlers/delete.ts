import { qi } from '../catalog';
import type { RestCall } from '../call';
import { whereSql } from '../query';
import { mutate, mutationParams, requireFilter } from './mutate';

/** DELETE: remove the filtered rows. */
export async function handleDelete(call: RestCall): Promise<Response> {
  requireFilter(call, 'DELETE');
  const p = mutationParams(call);
  const where = whereSql(call.table, call.query.filters, p);
  return mutate(call, `delete from public.${qi(call.table.name)}${where}`, 200, p);
}
