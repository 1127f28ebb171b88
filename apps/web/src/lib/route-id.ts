/** A route's numeric id ('42'), or null when the path holds anything else: the page then says not found. */
export function parseRouteId(raw: string | undefined): number | null {
  if (!raw || !/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}
