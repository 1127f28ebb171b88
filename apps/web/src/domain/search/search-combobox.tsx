import { skipToken } from '@reduxjs/toolkit/query';
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useLazySearchCatalogueQuery, useSearchCatalogueQuery } from './get-search';
import { projectPath } from '@nivaas/contracts/project-path';
import {
  BLANK_SEARCH_WARNING,
  builderPath,
  filterSuggestions,
  freeTextResultsPath,
  isBlankSearch,
  locationResultsPath,
  SEARCH_FAILED_MESSAGE,
} from './search-targets';
import { storeSearchProperties } from '../../lib/storage';
import { BuildingIcon, MapPinIcon, SearchIcon, HomeIcon } from '../../components/icons';

/** spec §9: the suggestion call goes out 200 ms after typing stops. */
export const SEARCH_DEBOUNCE_MS = 200;

type OptionKind = 'project' | 'builder' | 'location' | 'text';

interface SearchOption {
  key: string;
  kind: OptionKind;
  label: string;
  detail?: string;
  /** Where the option leads; a project or builder repeats the search first (spec §7). */
  path: string;
}

const GROUPS: { kind: Exclude<OptionKind, 'text'>; title: string; icon: ReactNode }[] = [
  { kind: 'project', title: 'Projects', icon: <HomeIcon width={16} height={16} /> },
  { kind: 'builder', title: 'Builders', icon: <BuildingIcon width={16} height={16} /> },
  { kind: 'location', title: 'Locations', icon: <MapPinIcon width={16} height={16} /> },
];

// The toast library loads after first paint (app/providers.tsx); the navbar must not pull it in.
function notify(kind: 'warning' | 'error', message: string) {
  void import('../../lib/toast').then(({ showError, showWarning }) =>
    kind === 'warning' ? showWarning(message) : showError(message),
  );
}

function useDebounced(value: string, delayMs: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

export interface SearchComboboxProps {
  /** 'navbar' is the compact top-bar box; 'hero' the large one on the home page. */
  variant: 'navbar' | 'hero';
  className?: string;
  /** Called after the box has sent the visitor somewhere (closes a mobile sheet, for example). */
  onNavigate?: () => void;
}

/**
 * spec §2/§5 navbar search: a combobox with suggestions grouped as Projects, Builders, Locations,
 * keyboard navigation (arrows, Enter, Escape) and the four navigation targets.
 */
export function SearchCombobox({ variant, className = '', onNavigate }: SearchComboboxProps) {
  const baseId = useId();
  const listId = `${baseId}-list`;
  const inputRef = useRef<HTMLInputElement>(null);
  const navigate = useNavigate();
  const [repeatSearch] = useLazySearchCatalogueQuery();

  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [busy, setBusy] = useState(false);

  const trimmed = text.trim();
  const debounced = useDebounced(trimmed, SEARCH_DEBOUNCE_MS);
  // spec §7: only non-empty text is sent.
  const query = useSearchCatalogueQuery(debounced === '' ? skipToken : debounced);

  useEffect(() => {
    // spec §8: suggestion failures are only logged. A warning, so the page never reports an error.
    if (query.error) console.warn('Search suggestions failed', query.error);
  }, [query.error]);

  // Earlier answers stay while the next one loads, filtered by what is typed now, so the list does
  // not blink on every keystroke.
  const suggestions = filterSuggestions(query.data, trimmed);
  const options: SearchOption[] = [
    ...suggestions.projects.map((project) => ({
      key: `project-${project.id}`,
      kind: 'project' as const,
      label: project.name,
      detail: [project.location.name, project.city.name].filter(Boolean).join(', '),
      path: projectPath(project),
    })),
    ...suggestions.builders.map((builder) => ({
      key: `builder-${builder.id}`,
      kind: 'builder' as const,
      label: builder.name,
      detail: 'Developer',
      path: builderPath(builder),
    })),
    ...suggestions.locations.map((location) => ({
      key: `location-${location.id}`,
      kind: 'location' as const,
      label: location.name,
      detail: [location.zone?.name, location.city.name].filter(Boolean).join(', '),
      path: locationResultsPath(location.id),
    })),
  ];
  if (trimmed !== '') {
    options.push({
      key: 'text',
      kind: 'text',
      label: `See all properties for “${trimmed}”`,
      path: freeTextResultsPath(trimmed),
    });
  }

  const waiting = trimmed !== '' && (debounced !== trimmed || query.isFetching);
  const expanded = open && trimmed !== '';
  const activeOption = expanded && active >= 0 ? options[active] : undefined;
  const optionId = (index: number) => `${baseId}-option-${index}`;

  const finish = (path: string, state?: unknown) => {
    setOpen(false);
    setActive(-1);
    inputRef.current?.blur();
    void navigate(path, state === undefined ? undefined : { state });
    onNavigate?.();
  };

  const choose = async (option: SearchOption) => {
    if (busy) return;
    if (option.kind === 'text') {
      finish(option.path);
      return;
    }
    if (option.kind === 'location') {
      setText('');
      finish(option.path);
      return;
    }
    // spec §7 'Other details': a project or builder repeats the search and keeps its properties in
    // session storage under a random id, handed to the next page in the history state.
    setBusy(true);
    try {
      const result = await repeatSearch(trimmed, false).unwrap();
      const key = storeSearchProperties(result.properties);
      setText('');
      finish(option.path, key ? { searchPropertiesKey: key } : undefined);
    } catch (error) {
      console.warn('Search before navigating failed', error);
      notify('error', SEARCH_FAILED_MESSAGE);
    } finally {
      setBusy(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (activeOption) {
      void choose(activeOption);
      return;
    }
    if (isBlankSearch(text)) {
      notify('warning', BLANK_SEARCH_WARNING);
      return;
    }
    finish(freeTextResultsPath(trimmed));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = options.length;
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        setOpen(true);
        if (count > 0) setActive((index) => (index + 1) % count);
        break;
      case 'ArrowUp':
        event.preventDefault();
        setOpen(true);
        if (count > 0) setActive((index) => (index <= 0 ? count - 1 : index - 1));
        break;
      case 'Escape':
        if (expanded) {
          // The first Escape closes the list; only a second one (from a closed list) clears the text.
          event.preventDefault();
          setOpen(false);
          setActive(-1);
        } else if (text !== '') {
          event.preventDefault();
          setText('');
        }
        break;
      default:
        break;
    }
  };

  const hero = variant === 'hero';
  const frame = hero
    ? 'h-14 rounded-2xl bg-white pl-4 shadow-xl ring-1 ring-black/5 md:h-16'
    : 'h-10 rounded-full bg-slate-50 pl-3 ring-1 ring-slate-200 hover:ring-brand-300';

  return (
    <form
      role="search"
      aria-label={hero ? 'Search properties' : 'Site search'}
      onSubmit={submit}
      className={`relative ${className}`}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) {
          setOpen(false);
          setActive(-1);
        }
      }}
    >
      <div className={`flex items-center gap-2 transition focus-within:ring-2 focus-within:ring-brand-600 ${frame}`}>
        <SearchIcon width={hero ? 22 : 18} height={hero ? 22 : 18} className="shrink-0 text-slate-500" />
        <label htmlFor={`${baseId}-input`} className="sr-only">
          Search projects, builders and localities
        </label>
        <input
          ref={inputRef}
          id={`${baseId}-input`}
          type="search"
          role="combobox"
          autoComplete="off"
          spellCheck={false}
          enterKeyHint="search"
          placeholder={hero ? 'Locality, project or builder' : 'Search locality, project, builder'}
          aria-expanded={expanded}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={activeOption ? optionId(active) : undefined}
          aria-busy={busy || undefined}
          value={text}
          maxLength={100}
          onChange={(event) => {
            setText(event.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onFocus={() => setOpen(true)}
          onKeyDown={onKeyDown}
          className={`min-w-0 flex-1 bg-transparent text-slate-900 placeholder:text-slate-500 focus:outline-none [&::-webkit-search-cancel-button]:hidden ${hero ? 'text-base md:text-lg' : 'text-sm'}`}
        />
        <button
          type="submit"
          disabled={busy}
          aria-label={hero ? undefined : 'Search'}
          className={
            hero
              ? 'mr-2 inline-flex h-10 shrink-0 items-center gap-2 rounded-xl bg-brand-700 px-4 text-sm font-semibold text-white hover:bg-brand-800 disabled:opacity-70 md:h-12 md:px-6 md:text-base'
              : 'mr-1 grid size-8 shrink-0 place-items-center rounded-full bg-brand-700 text-white hover:bg-brand-800 disabled:opacity-70'
          }
        >
          {hero ? 'Search' : <SearchIcon width={16} height={16} />}
        </button>
      </div>

      <div
        id={listId}
        role="listbox"
        aria-label="Search suggestions"
        hidden={!expanded}
        // Keeps focus in the input while an option is clicked, so blur does not close the list first.
        onMouseDown={(event) => event.preventDefault()}
        className={`absolute inset-x-0 top-full z-50 mt-2 max-h-40 overflow-y-auto overscroll-contain rounded-xl bg-white py-1 text-left text-slate-900 shadow-xl ring-1 ring-slate-200 ${hero ? 'md:max-h-40' : ''}`}
      >
        {GROUPS.map((group) => {
          const items = options.filter((option) => option.kind === group.kind);
          if (items.length === 0) return null;
          const headingId = `${baseId}-${group.kind}-heading`;
          return (
            <div key={group.kind} role="group" aria-labelledby={headingId}>
              <div
                id={headingId}
                role="presentation"
                className="sticky top-0 bg-white/95 px-3 pt-2 pb-1 text-[11px] font-bold tracking-wide text-slate-500 uppercase"
              >
                {group.title}
              </div>
              {items.map((option) => {
                const index = options.indexOf(option);
                return (
                  <OptionRow
                    key={option.key}
                    id={optionId(index)}
                    option={option}
                    icon={group.icon}
                    active={index === active}
                    onChoose={() => void choose(option)}
                    onHover={() => setActive(index)}
                  />
                );
              })}
            </div>
          );
        })}
        {options.length === 1 && (
          <p role="presentation" className="px-3 py-2 text-sm text-slate-500">
            {waiting ? 'Searching…' : 'No matching projects, builders or localities.'}
          </p>
        )}
        {options.length > 0 && options[options.length - 1]?.kind === 'text' && (
          <OptionRow
            id={optionId(options.length - 1)}
            option={options[options.length - 1] as SearchOption}
            icon={<SearchIcon width={16} height={16} />}
            active={active === options.length - 1}
            onChoose={() => void choose(options[options.length - 1] as SearchOption)}
            onHover={() => setActive(options.length - 1)}
          />
        )}
      </div>
      <p className="sr-only" aria-live="polite">
        {expanded && !waiting ? `${options.length - (trimmed ? 1 : 0)} suggestions` : ''}
      </p>
    </form>
  );
}

interface OptionRowProps {
  id: string;
  option: SearchOption;
  icon: ReactNode;
  active: boolean;
  onChoose: () => void;
  onHover: () => void;
}

function OptionRow({ id, option, icon, active, onChoose, onHover }: OptionRowProps) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // Keyboard movement through a list taller than 10rem keeps the highlighted row in view.
    if (active) ref.current?.scrollIntoView?.({ block: 'nearest' });
  }, [active]);
  return (
    <div
      ref={ref}
      id={id}
      role="option"
      aria-selected={active}
      onClick={onChoose}
      onMouseMove={active ? undefined : onHover}
      className={`flex cursor-pointer items-center gap-2.5 px-3 py-2 text-sm ${active ? 'bg-brand-50 text-brand-900' : 'hover:bg-slate-50'}`}
    >
      <span className={`shrink-0 ${active ? 'text-brand-700' : 'text-slate-400'}`}>{icon}</span>
      <span className="min-w-0 flex-1 truncate">
        <span className="font-medium">{option.label}</span>
        {option.detail && <span className="ml-1.5 text-xs text-slate-500">{option.detail}</span>}
      </span>
    </div>
  );
}
