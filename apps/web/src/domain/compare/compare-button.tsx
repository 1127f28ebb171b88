import { useDispatch, useSelector } from 'react-redux';
import { cardPhotoUrl } from '../../lib/card-photo';
import {
  checkAdd,
  COMPARE_LIMIT,
  compareAdded,
  compareRemoved,
  selectCompareItems,
  type CompareState,
} from './compare-slice';
import type { Media } from '@nivaas/contracts/common.schema';
import { showWarning } from '../../lib/toast';
import { CheckIcon, CompareIcon } from '../../components/icons';

/** Shown when a fifth project is added: says why, and what to do. */
export const COMPARE_FULL_MESSAGE = `You can compare up to ${COMPARE_LIMIT} projects. Remove one to add another.`;

interface CompareButtonProps {
  project: { id: number; name: string; medias: readonly Media[] };
  /** 'card' is the small chip on a project card; 'page' the full button on a details page. */
  variant?: 'card' | 'page';
  className?: string;
}

/** Adds a project to the compare set (spec §4), or takes it out again. */
export function CompareButton({ project, variant = 'page', className = '' }: CompareButtonProps) {
  const dispatch = useDispatch();
  const items = useSelector((state: { compare: CompareState }) => selectCompareItems(state));
  const added = items.some((item) => item.id === project.id);

  const toggle = () => {
    if (added) {
      dispatch(compareRemoved(project.id));
      return;
    }
    const candidate = { id: project.id, name: project.name, image: cardPhotoUrl(project.medias) };
    if (checkAdd(items, candidate) === 'full') {
      showWarning(COMPARE_FULL_MESSAGE);
      return;
    }
    dispatch(compareAdded(candidate));
  };

  const label = added ? 'Added to compare' : 'Add to compare';
  const styles =
    variant === 'card'
      ? `inline-flex items-center gap-1.5 rounded-full px-2.5 py-1.5 text-xs font-semibold ring-1 transition-colors ${added ? 'bg-brand-700 text-white ring-brand-700 hover:bg-brand-800' : 'bg-white text-slate-700 ring-slate-300 hover:bg-brand-50 hover:text-brand-800'}`
      : `inline-flex items-center justify-center gap-2 rounded-full px-5 py-2.5 text-sm font-semibold ring-1 transition-colors ${added ? 'bg-brand-50 text-brand-800 ring-brand-300 hover:bg-brand-100' : 'bg-white text-slate-800 ring-slate-300 hover:bg-brand-50'}`;

  return (
    <button
      type="button"
      aria-pressed={added}
      // The card's name is the link; the button says which project it adds.
      aria-label={variant === 'card' ? `${label}: ${project.name}` : undefined}
      onClick={toggle}
      className={`${styles} ${className}`}
    >
      {added ? <CheckIcon width={16} height={16} /> : <CompareIcon width={16} height={16} />}
      {variant === 'card' ? (added ? 'Comparing' : 'Compare') : label}
    </button>
  );
}
