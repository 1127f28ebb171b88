import { useCallback, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { ChevronDownIcon, MapPinIcon, SearchIcon } from '../../components/icons';
import { useGetCityPagesInfiniteQuery, type CitySummary } from '../../lib/api/get-cities';
import { useSentinel } from '../../lib/use-sentinel';
import { useSelectCity, useSelectedCity } from './use-selected-city';

/** Typing settles before the server is asked; what has loaded is filtered at once meanwhile. */
const SEARCH_DEBOUNCE_MS = 200;
const countFormat = new Intl.NumberFormat('en-IN');

function useDebounced(value: string, delayMs: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

function fold(text: string): string {
  return text.trim().toLocaleLowerCase('en-IN');
}

/** Pages appended in order, each city once (a city can move between pages while they load). */
function flatten(pages: readonly { cities: CitySummary[] }[] | undefined): CitySummary[] {
  const seen = new Set<number>();
  const cities: CitySummary[] = [];
  for (const city of (pages ?? []).flatMap((page) => page.cities)) {
    if (seen.has(city.id)) continue;
    seen.add(city.id);
    cities.push(city);
  }
  return cities;
}

/** Keeps a ref on the visible sentinel only while the list is open. */
const IN_LIST: IntersectionObserverInit = { rootMargin: '120px 0px' };

/**
 * The city selector (issue 17). spec §9 loads ten cities on start; the rest come on demand here, ten at a time as the
 * list scrolls, and typing searches every city on the server (GET /city?search=), so each city with listings can be
 * chosen, not only the first ten. A button opens a small panel with a search box (a combobox over the list): arrow
 * keys move, Enter chooses, Escape closes and gives focus back. On a phone the panel spans the top bar's width.
 */
export function CityPicker({ className = '' }: { className?: string }) {
  const baseId = useId();
  const listId = `${baseId}-cities`;
  const { name, cities: firstPage } = useSelectedCity();
  const selectCity = useSelectCity();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  const trigger = useRef<HTMLButtonElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const container = useRef<HTMLDivElement>(null);

  const search = useDebounced(text.trim(), SEARCH_DEBOUNCE_MS);
  const pages = useGetCityPagesInfiniteQuery({ search }, { skip: !open });
  const loaded = useMemo(() => flatten(pages.data?.pages), [pages.data]);
  // Until the panel's own pages arrive, the ten loaded on start stand in; then the typed text narrows what is here
  // while the server is asked about it.
  const options = useMemo(() => {
    const base = loaded.length > 0 || pages.data ? loaded : (firstPage ?? []);
    const wanted = fold(text);
    return wanted ? base.filter((city) => fold(city.name).includes(wanted)) : base;
  }, [loaded, pages.data, firstPage, text]);
  const moreToLoad = pages.hasNextPage && !pages.isFetchingNextPage && !pages.isError;
  const waiting = pages.isFetching || search !== text.trim();

  const loadMore = () => {
    if (moreToLoad) void pages.fetchNextPage();
  };
  const sentinel = useSentinel(loadMore, open && moreToLoad, IN_LIST);

  const close = useCallback((refocus: boolean) => {
    setOpen(false);
    setText('');
    setActive(0);
    if (refocus) trigger.current?.focus();
  }, []);

  const choose = (city: CitySummary) => {
    selectCity(city.name);
    close(true);
  };

  useEffect(() => {
    if (!open) return;
    input.current?.focus();
    // A press outside closes the panel, as a native select does.
    const onPointerDown = (event: PointerEvent) => {
      if (!container.current?.contains(event.target as Node)) close(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open, close]);

  // The active option stays in view as the keys move it.
  useEffect(() => {
    if (!open) return;
    const option = list.current?.querySelector<HTMLElement>(`[data-index="${active}"]`);
    option?.scrollIntoView?.({ block: 'nearest' });
  }, [active, open]);

  const activeIndex = options.length === 0 ? -1 : Math.min(active, options.length - 1);
  const moveTo = (index: number) => {
    const last = options.length - 1;
    const next = Math.max(0, Math.min(index, last));
    setActive(next);
    // Reaching the end by keyboard asks for the next page, as scrolling does.
    if (next >= last) loadMore();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        moveTo(activeIndex + 1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        moveTo(activeIndex - 1);
        break;
      case 'Home':
        event.preventDefault();
        moveTo(0);
        break;
      case 'End':
        event.preventDefault();
        moveTo(options.length - 1);
        break;
      case 'Enter': {
        event.preventDefault();
        const city = options[activeIndex];
        if (city) choose(city);
        break;
      }
      case 'Escape':
        event.preventDefault();
        close(true);
        break;
      case 'Tab':
        close(false);
        break;
    }
  };

  let status: string;
  if (pages.isError && options.length === 0) status = 'We could not load the cities. Please try again.';
  else if (options.length === 0) status = waiting ? 'Loading cities…' : `No city matches “${text.trim()}”.`;
  else status = `${options.length} ${options.length === 1 ? 'city' : 'cities'}${moreToLoad ? ' so far' : ''}`;

  return (
    // Static on phones, so the panel hangs from the whole top bar; anchored to the button from sm up.
    <div ref={container} className={`sm:relative ${className}`}>
      <button
        ref={trigger}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-label={`City: ${name}`}
        onClick={() => (open ? close(false) : setOpen(true))}
        className="relative flex h-9 w-full max-w-[9.5rem] min-w-0 cursor-pointer items-center rounded-full border border-slate-200 bg-slate-50 py-1 pr-8 pl-8 text-sm font-semibold text-slate-800 transition-colors hover:border-brand-300 hover:bg-white md:max-w-[12rem]"
      >
        <MapPinIcon width={16} height={16} className="pointer-events-none absolute top-1/2 left-2.5 -translate-y-1/2 text-brand-700" />
        <span className="truncate">{name}</span>
        <ChevronDownIcon
          width={16}
          height={16}
          className={`pointer-events-none absolute top-1/2 right-2.5 -translate-y-1/2 text-slate-500 transition-transform ${open ? 'rotate-180' : ''}`}
        />
      </button>

      {open && (
        <div
          role="dialog"
          aria-label="Choose a city"
          className="absolute inset-x-3 top-full z-50 mt-1 overflow-hidden rounded-2xl bg-white shadow-xl ring-1 ring-slate-200 sm:inset-x-auto sm:left-0 sm:mt-2 sm:w-80"
        >
          <div className="relative border-b border-slate-100 p-2">
            <SearchIcon width={16} height={16} className="pointer-events-none absolute top-1/2 left-5 -translate-y-1/2 text-slate-500" />
            <input
              ref={input}
              type="text"
              role="combobox"
              aria-label="Search cities"
              aria-expanded="true"
              aria-controls={listId}
              aria-autocomplete="list"
              aria-activedescendant={activeIndex >= 0 ? `${baseId}-city-${activeIndex}` : undefined}
              value={text}
              onChange={(event) => {
                setText(event.target.value);
                setActive(0);
              }}
              onKeyDown={onKeyDown}
              placeholder="Search cities"
              autoComplete="off"
              maxLength={60}
              className="h-10 w-full rounded-xl border border-slate-300 bg-white pr-3 pl-9 text-base text-slate-900 placeholder:text-slate-500 focus:border-brand-600 focus:outline-none sm:text-sm"
            />
          </div>
          <ul ref={list} id={listId} role="listbox" aria-label="Cities" className="max-h-[min(22rem,60vh)] overflow-y-auto overscroll-contain p-1">
            {options.map((city, index) => {
              const selected = fold(city.name) === fold(name);
              return (
                <li
                  key={city.id}
                  id={`${baseId}-city-${index}`}
                  data-index={index}
                  role="option"
                  aria-selected={selected}
                  // The search box keeps focus; a press chooses without taking it away first.
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => choose(city)}
                  onMouseMove={() => setActive(index)}
                  className={`flex cursor-pointer items-center justify-between gap-3 rounded-xl px-3 py-2.5 text-sm ${index === activeIndex ? 'bg-brand-50 text-brand-900' : 'text-slate-800'}`}
                >
                  <span className="min-w-0">
                    <span className={`block truncate ${selected ? 'font-bold' : 'font-medium'}`}>{city.name}</span>
                    <span className="block truncate text-xs text-slate-500">{city.state}</span>
                  </span>
                  <span className="shrink-0 text-xs text-slate-500">
                    {countFormat.format(city.propertyCount)} {city.propertyCount === 1 ? 'property' : 'properties'}
                  </span>
                </li>
              );
            })}
            {moreToLoad && <li ref={sentinel} aria-hidden="true" className="h-px" />}
          </ul>
          <p role="status" className="border-t border-slate-100 px-3 py-2 text-xs text-slate-600">
            {status}
          </p>
        </div>
      )}
    </div>
  );
}
