import { memo } from 'react';
import { Link } from 'react-router';
import type { ChatPropertyCard as Card } from '@nivaas/contracts/chat.schema';
import { SmartImage } from '../../../components/smart-image';
import { formatChatCardPrice } from '../../../lib/format-price';
import { unitSummary } from '../../../lib/unit-labels';
import placeholderUrl from '../assets/property-placeholder.svg';

/** spec §3: the area when the card does not carry one. */
export const DEFAULT_CARD_AREA = '1200 sqft';

interface ChatPropertyCardProps {
  card: Card;
  contacted: boolean;
  onContact: (card: Card) => void;
  /** Contact sends a message, so it waits for the connection like the send button (spec §5). */
  canContact: boolean;
}

/**
 * spec §3 'Chat property card data': name, place, price (spec §5 chat format), type and area, the banner or a
 * placeholder, a link to the listing's page, and Contact (spec §4: it becomes Contacted, disabled).
 */
export const ChatPropertyCard = memo(function ChatPropertyCard({
  card,
  contacted,
  onContact,
  canContact,
}: ChatPropertyCardProps) {
  const price = formatChatCardPrice(card.price);
  const area = card.exteriorArea.exteriorArea?.trim() || DEFAULT_CARD_AREA;
  const place = [card.location, card.city].filter(Boolean).join(', ');
  // spec §5: the property type once after the bedroom counts ('3, 4 BHK Villa'), from the card's configurations
  // rather than its ready-made text, so cards kept in the history from before issue 17 read right too.
  const units = unitSummary(card.configurations, card.propertyType);
  return (
    <article
      aria-label={card.projectName}
      className="flex w-56 shrink-0 snap-start flex-col overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200"
    >
      <Link to={card.path} tabIndex={-1} aria-hidden="true" className="block">
        <SmartImage src={card.bannerUrl ?? placeholderUrl} alt="" ratio="16 / 9" />
      </Link>
      <div className="flex flex-1 flex-col gap-1 p-3">
        <h3 className="line-clamp-1 text-sm font-semibold text-slate-900">
          <Link to={card.path} className="hover:text-brand-700 hover:underline">
            {card.projectName}
          </Link>
        </h3>
        <p className="line-clamp-1 text-xs text-slate-600">{place}</p>
        <p className="text-base font-bold text-brand-800">{price === 'N/A' ? price : `₹ ${price}`}</p>
        <p className="text-xs text-slate-600">
          {units} · {area}
        </p>
        <button
          type="button"
          disabled={contacted || !canContact}
          onClick={() => onContact(card)}
          className={`mt-2 rounded-full px-3 py-1.5 text-xs font-semibold transition-colors ${
            contacted
              ? 'bg-slate-100 text-slate-500'
              : 'bg-brand-700 text-white hover:bg-brand-800 disabled:bg-slate-300 disabled:text-slate-600'
          }`}
        >
          {contacted ? 'Contacted' : 'Contact'}
        </button>
      </div>
    </article>
  );
});
