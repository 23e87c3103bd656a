import { qi } from '../catalog';
import type { RestCall } from '../call';
import { Params, whereSql } from '../query';
import { mutate, requireFilter } from './mutate';

/** DELETE: remove the filtered rows. */
export async function handleDelete(call: RestCall): Promise<Response> {
  requireFilter(call, 'DELETE');
  const p = new Params();
  const where = whereSql(call.table, call.query.filters, p);
  return mutate(call, `delete from public.${qi(call.table.name)}${where}`, 200, p);
}
