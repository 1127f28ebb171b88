import type { ChatOption } from '@nivaas/contracts/chat.schema';
import type { PropertyType } from '@nivaas/contracts/project.schema';
import { rupeeText } from './chat-card.mapper';
import type { ConversationState } from './chat-engine.types';

/** Writing to the visitor: budgets as a buyer says them, the search in words, the property-type buttons. */

/** '₹1.5 Cr', '₹80 Lakh', '₹75,000': a budget as a buyer says it. */
export function budgetWords(rupees: number): string {
  const trim = (value: number) => String(Number(value.toFixed(2)));
  if (rupees >= 10_000_000) return `₹${trim(rupees / 10_000_000)} Cr`;
  if (rupees >= 100_000) return `₹${trim(rupees / 100_000)} Lakh`;
  return rupeeText(rupees);
}

const TYPE_PLURALS: Record<PropertyType, string> = {
  apartment: 'apartments',
  villa: 'villas',
  plot: 'plots',
  residentialhouse: 'independent houses',
  'pent house': 'penthouses',
  studio: 'studios',
};

export const TYPE_CHOICES: ChatOption[] = [
  { label: 'Apartment', value: 'apartment' },
  { label: 'Villa', value: 'villa' },
  { label: 'Plot', value: 'plot' },
  { label: 'Independent House', value: 'independent house' },
  { label: 'Penthouse', value: 'penthouse' },
  { label: 'Studio', value: 'studio' },
  { label: 'Any type', value: 'any type' },
];

function listWords(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/** '**3 BHK apartments** in **Whitefield, Bengaluru** under **₹1.5 Cr**, ready to move, by **Prestige**'. */
export function describeSearch(state: ConversationState): string {
  const what = [
    state.bhk.length > 0 ? `${state.bhk.join(', ')} BHK` : '',
    state.propertyTypes.length > 0 ? listWords(state.propertyTypes.map((type) => TYPE_PLURALS[type])) : state.bhk.length > 0 ? 'homes' : 'properties',
  ]
    .filter(Boolean)
    .join(' ');
  const place = state.location ?? state.zone;
  const where = state.city ? ` in **${place ? `${place.name}, ` : ''}${state.city.name}**` : '';
  let budget = '';
  if (state.budgetAround && state.minPrice !== null && state.maxPrice !== null) budget = ` around **${budgetWords(Math.round((state.minPrice + state.maxPrice) / 2))}**`;
  else if (state.minPrice !== null && state.maxPrice !== null) budget = ` between **${budgetWords(state.minPrice)}** and **${budgetWords(state.maxPrice)}**`;
  else if (state.maxPrice !== null) budget = ` under **${budgetWords(state.maxPrice)}**`;
  else if (state.minPrice !== null) budget = ` above **${budgetWords(state.minPrice)}**`;
  const possession = state.possession === 'ready' ? ', ready to move' : state.possession === 'under-construction' ? ', under construction' : state.possession === 'upcoming' ? ', upcoming launches' : '';
  const builder = state.builder ? `, by **${state.builder.name}**` : '';
  return `**${what}**${where}${budget}${possession}${builder}`;
}
