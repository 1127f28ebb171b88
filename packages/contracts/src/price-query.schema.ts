import { z } from 'zod';
import { PossessionSchema, PropertyTypeSchema, TransactionTagSchema } from './project.schema';

/**
 * What `parseSearchQuery` understood in a visitor's free text ('2 bhk under 80 lakh in whitefield'):
 * the filters it recognised and the words left over for name and place matching. Empty arrays and
 * nulls mean 'not said', never 'none'.
 */
export const ParsedSearchQuerySchema = z.object({
  /** The words that were not filters, lower-cased, for matching names of projects, builders and places. */
  text: z.string(),
  /** The words after 'in', 'at' or 'near' ('whitefield' in '... in whitefield'), when the query has them. */
  place: z.string().nullable(),
  bhk: z.array(z.number().int()),
  propertyTypes: z.array(PropertyTypeSchema),
  /** Integer rupees. '1.2 cr' alone reads as around 1.2 Cr: 10% either side. */
  minPrice: z.number().int().nullable(),
  maxPrice: z.number().int().nullable(),
  /**
   * True when the text named one amount ('1.2 cr', 'around 75 lakh'): the home's starting price is
   * what should fall between minPrice and maxPrice. Otherwise any unit in that range will do.
   */
  around: z.boolean(),
  possession: PossessionSchema.nullable(),
  transaction: TransactionTagSchema.nullable(),
});
export type ParsedSearchQuery = z.infer<typeof ParsedSearchQuerySchema>;
