/** spec §4 'Banner carousel': the background index advances by one and wraps to the first after the last. */
export function nextBannerIndex(current: number, count: number): number {
  if (count <= 1) return 0;
  return (current + 1) % count;
}

/** The index to show when the list may have shrunk since it was chosen. */
export function clampBannerIndex(index: number, count: number): number {
  return count > 0 && index < count ? index : 0;
}
