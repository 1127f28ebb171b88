import { memo } from 'react';
import type { ChatOption, ChatPropertyCard as Card } from '@nivaas/contracts/chat.schema';
import { contactKey, type ChatMessage } from '../lib/chat-history';
import { BotText } from './bot-text';
import { ChatPropertyCard } from './chat-property-card';

interface ChatMessageItemProps {
  message: ChatMessage;
  /** Characters (text) or cards (card group) revealed so far; everything when absent. */
  revealed?: number;
  contacted: readonly string[];
  connected: boolean;
  onContact: (card: Card) => void;
  onAction: (option: ChatOption) => void;
}

const botBubble = 'max-w-[85%] rounded-2xl rounded-bl-sm bg-white px-3.5 py-2 text-sm leading-relaxed text-slate-800 shadow-sm ring-1 ring-slate-200';

export const ChatMessageItem = memo(function ChatMessageItem({
  message,
  revealed,
  contacted,
  connected,
  onContact,
  onAction,
}: ChatMessageItemProps) {
  if (message.sender === 'user') {
    return (
      <li className="flex justify-end">
        <p
          className={`max-w-[85%] rounded-2xl rounded-br-sm px-3.5 py-2 text-sm leading-relaxed break-words whitespace-pre-line text-white ${
            message.isSwitchCard ? 'bg-brand-600 italic' : 'bg-brand-700'
          }`}
        >
          <span className="sr-only">You: </span>
          {message.message}
        </p>
      </li>
    );
  }

  if (message.isPropertyCard) {
    const cards = message.property ?? [];
    const shown = revealed === undefined ? cards : cards.slice(0, revealed);
    return (
      <li>
        <ul
          aria-label={`${cards.length === 1 ? '1 property' : `${cards.length} properties`}`}
          className="-mx-1 flex snap-x gap-3 overflow-x-auto px-1 pb-2"
        >
          {shown.map((card, index) => (
            <li key={`${card.projectId}-${index}`} className="flex">
              <ChatPropertyCard
                card={card}
                contacted={contacted.includes(contactKey(card))}
                canContact={connected}
                onContact={onContact}
              />
            </li>
          ))}
        </ul>
      </li>
    );
  }

  if (message.isActionButtons) {
    return (
      <li className="flex flex-col items-start gap-2">
        <p className={botBubble}>
          <span className="sr-only">Assistant: </span>
          <BotText text={message.message} />
        </p>
        <div role="group" aria-label={message.message} className="flex flex-wrap gap-2">
          {(message.actionButtons ?? []).map((option) => (
            <button
              key={option.value}
              type="button"
              disabled={!connected}
              onClick={() => onAction(option)}
              className="rounded-full bg-white px-3 py-1.5 text-xs font-semibold text-brand-800 ring-1 ring-brand-300 transition-colors hover:bg-brand-50 disabled:text-slate-400 disabled:ring-slate-200"
            >
              {option.label}
            </button>
          ))}
        </div>
      </li>
    );
  }

  return (
    <li className="flex justify-start">
      <p className={botBubble}>
        <span className="sr-only">Assistant: </span>
        <BotText text={message.message} typed={revealed} />
      </p>
    </li>
  );
});
