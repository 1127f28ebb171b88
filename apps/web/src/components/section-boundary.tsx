import { Component, type ErrorInfo, type ReactNode } from 'react';
import { LaterHydration } from './later-hydration';
import { ErrorState } from './section-states';

interface SectionBoundaryProps {
  /** Names the section in the fallback, e.g. 'Trending projects'. */
  name: string;
  /**
   * Below the first screen: its markup from the server is hydrated after the rest of the page, in a task of its own
   * (components/later-hydration.tsx).
   */
  hydrateLater?: boolean;
  /**
   * Well below the first screen: style, layout and paint skip it until it comes near (`content-visibility: auto`), so
   * a phone's first frames do not lay out the whole page. Implies `hydrateLater` (its wrapper carries the style).
   */
  offscreen?: boolean;
  children: ReactNode;
}

interface SectionBoundaryState {
  error: Error | null;
}

/** CONVENTIONS: one failed section must not blank the page. */
export class SectionBoundary extends Component<SectionBoundaryProps, SectionBoundaryState> {
  override state: SectionBoundaryState = { error: null };

  static getDerivedStateFromError(error: Error): SectionBoundaryState {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    // Kept for whoever reads the console; event tracking will report it once it exists.
    console.error(`Section "${this.props.name}" crashed`, error, info.componentStack);
  }

  override render() {
    if (this.state.error) {
      return (
        <ErrorState
          title={`${this.props.name} could not be shown`}
          message="Something went wrong in this part of the page."
          onRetry={() => this.setState({ error: null })}
        />
      );
    }
    const { offscreen, hydrateLater, children } = this.props;
    if (!offscreen && !hydrateLater) return children;
    return <LaterHydration className={offscreen ? '[contain-intrinsic-size:auto_28rem] [content-visibility:auto]' : undefined}>{children}</LaterHydration>;
  }
}
