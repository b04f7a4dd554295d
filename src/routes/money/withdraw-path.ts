/**
 * The params of /withdraw/form/{id?}/{form?} and /withdraw/{id?}/cancel: an id is a positive
 * integer and the form step is only the one the withdraw flow writes (`confirm`); anything else
 * is a page that does not exist. Kept apart from the route's chunk because the route table
 * checks params before the page loads.
 */
const ID = /^[1-9]\d{0,15}$/;

export function validWithdrawPath(params: Record<string, string | undefined>): boolean {
  const { id, form } = params;
  if (id !== undefined && !ID.test(id)) return false;
  return form === undefined || form === 'confirm';
}
