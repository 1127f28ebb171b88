/**
 * The console's menu (issue 14): the sections of console-sections.tsx in their groups. From 1024 px a sidebar
 * beside the page; below, one 'Menu' button under the header that opens the same grouped list (so ~12 sections fit
 * a 375 px phone without a row of tabs running off the screen). The open menu closes on a choice, on Escape and
 * when the address changes.
 */
import { useEffect, useId, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { SECTION_GROUPS, SECTIONS, type ConsoleSection } from '../console-sections';

function isCurrent(section: ConsoleSection, basePath: string, pathname: string): boolean {
  const target = `${basePath}${section.path}`;
  if (section.exact || section.path === '') return pathname.replace(/\/+$/, '') === target;
  return pathname === target || pathname.startsWith(`${target}/`);
}

function GroupedLinks({ basePath, onChoose }: { basePath: string; onChoose?: () => void }) {
  const { pathname } = useLocation();
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-1">
      {SECTION_GROUPS.map((group) => {
        const sections = SECTIONS.filter((section) => section.group === group);
        if (sections.length === 0) return null;
        return (
          <div key={group}>
            <p className="px-3 text-xs font-semibold tracking-wide text-slate-500 uppercase">{group}</p>
            <ul className="mt-1 space-y-0.5">
              {sections.map((section) => {
                const current = isCurrent(section, basePath, pathname);
                return (
                  <li key={section.label}>
                    <NavLink
                      to={`${basePath}${section.path}`}
                      end={section.exact}
                      aria-current={current ? 'page' : undefined}
                      onClick={onChoose}
                      className={`block rounded-lg px-3 py-2 text-sm font-semibold ${current ? 'bg-brand-50 text-brand-900 ring-1 ring-brand-200' : 'text-slate-700 hover:bg-slate-100'}`}
                    >
                      {section.label}
                    </NavLink>
                  </li>
                );
              })}
            </ul>
          </div>
        );
      })}
    </div>
  );
}

/** The sidebar, shown from 1024 px. */
export function ConsoleSidebar({ basePath }: { basePath: string }) {
  return (
    <nav aria-label="Console sections" className="sticky top-4 hidden w-52 shrink-0 self-start lg:block">
      <GroupedLinks basePath={basePath} />
    </nav>
  );
}

/** The 'Menu' button and its panel, below 1024 px. */
export function ConsoleMenu({ basePath }: { basePath: string }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const { pathname } = useLocation();
  const current = SECTIONS.find((section) => isCurrent(section, basePath, pathname));
  const [shownFor, setShownFor] = useState(pathname);
  if (shownFor !== pathname) {
    setShownFor(pathname);
    setOpen(false);
  }
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <nav aria-label="Console sections" className="border-b border-slate-200 bg-white lg:hidden">
      <div className="mx-auto max-w-6xl px-4 py-2">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((value) => !value)}
          className="flex w-full items-center justify-between rounded-lg px-3 py-2 text-left text-sm font-semibold text-slate-800 ring-1 ring-slate-300"
        >
          <span>
            Menu{current ? <span className="font-normal text-slate-600"> · {current.group} / {current.label}</span> : null}
          </span>
          <span aria-hidden="true">{open ? '▲' : '▼'}</span>
        </button>
        {open ? (
          <div id={panelId} className="mt-2 pb-2">
            <GroupedLinks basePath={basePath} onChoose={() => setOpen(false)} />
          </div>
        ) : null}
      </div>
    </nav>
  );
}
