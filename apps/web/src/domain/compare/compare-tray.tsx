import { useDispatch, useSelector } from 'react-redux';
import { Link, useLocation } from 'react-router';
import { compareCleared, selectCompareItems, type CompareState } from './compare-slice';
import { CompareIcon } from '../../components/icons';

/** The compare page's address: spec §2 spells it with a capital C. */
export const COMPARE_PATH = '/Compare';

/**
 * A small bar that follows the visitor while the compare set holds anything (spec §4), so the set is
 * never forgotten and the comparison is one tap away.
 */
export function CompareTray() {
  const dispatch = useDispatch();
  const items = useSelector((state: { compare: CompareState }) => selectCompareItems(state));
  const { pathname } = useLocation();
  // The compare page is the tray's destination; it has its own remove and clear buttons.
  if (items.length === 0 || pathname.toLowerCase().startsWith(COMPARE_PATH.toLowerCase())) return null;

  return (
    <>
      {/* Room below the footer, so the bar never hides the page's last line. Footer-coloured, as it
          continues the footer wherever there is one. */}
      <div aria-hidden="true" className="h-16 bg-brand-950 md:h-20" />
      <div className="pointer-events-none fixed inset-x-0 bottom-3 z-30 flex justify-center px-3 md:bottom-5">
        <section
          aria-label="Compare projects"
          className="pointer-events-auto flex max-w-full items-center gap-2 rounded-full bg-slate-900/95 py-1.5 pr-1.5 pl-2 text-white shadow-2xl ring-1 ring-white/10 backdrop-blur"
        >
          <ul className="flex -space-x-2" aria-label="Projects to compare">
            {items.map((item) => (
              <li key={item.id}>
                {item.image ? (
                  <img
                    src={item.image}
                    alt={item.name}
                    width={32}
                    height={32}
                    className="size-8 rounded-full object-cover ring-2 ring-slate-900"
                  />
                ) : (
                  <span
                    title={item.name}
                    className="grid size-8 place-items-center rounded-full bg-brand-700 text-xs font-bold ring-2 ring-slate-900"
                  >
                    {item.name.slice(0, 1)}
                  </span>
                )}
              </li>
            ))}
          </ul>
          <Link
            to={COMPARE_PATH}
            className="inline-flex items-center gap-2 rounded-full bg-amber-300 px-4 py-2 text-sm font-bold whitespace-nowrap text-slate-950 hover:bg-amber-200"
          >
            <CompareIcon width={16} height={16} />
            Compare {items.length}
          </Link>
          <button
            type="button"
            onClick={() => dispatch(compareCleared())}
            className="rounded-full px-3 py-2 text-sm font-semibold whitespace-nowrap text-white/85 hover:bg-white/10 hover:text-white"
          >
            Clear
          </button>
        </section>
      </div>
    </>
  );
}
