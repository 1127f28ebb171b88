/** spec §4: three dots while the assistant prepares a reply. */
export function TypingDots() {
  return (
    <div className="flex justify-start" role="status" aria-label="Assistant is typing">
      <div className="flex items-center gap-1 rounded-2xl rounded-bl-sm bg-white px-4 py-3 shadow-sm ring-1 ring-slate-200">
        {[0, 150, 300].map((delay) => (
          <span
            key={delay}
            aria-hidden="true"
            style={{ animationDelay: `${delay}ms` }}
            className="size-2 animate-bounce rounded-full bg-slate-400 motion-reduce:animate-none"
          />
        ))}
      </div>
    </div>
  );
}
