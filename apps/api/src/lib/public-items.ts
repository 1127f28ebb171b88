import { schema } from '@nivaas/db';
import { eq, type SQL } from '@nivaas/db/orm';

const { projects } = schema;

/**
 * The one rule for which projects and listings a visitor may see (spec §9: status active and approval approved),
 * as SQL conditions on `projects`, so every count, price range and enquiry check applies the same rule.
 */
export function publicItemConditions(): SQL[] {
  return [eq(projects.status, 'active'), eq(projects.approval, 'approved')];
}
