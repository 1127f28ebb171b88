/**
 * spec §9 device types (tablet, mobile, desktop, laptop), as a hint only: the server parses the User-Agent itself
 * and believes 'laptop' only where the User-Agent does not contradict it.
 */
export type DeviceTypeHint = 'mobile' | 'tablet' | 'desktop' | 'laptop';

interface BatteryLike {
  charging: boolean;
  level: number;
}

export function deviceTypeFromUserAgent(userAgent: string, maxTouchPoints: number): DeviceTypeHint | null {
  // iPadOS reports itself as a Mac; only its touch screen tells them apart.
  if (/iPad|Tablet|PlayBook|Silk|Kindle/i.test(userAgent) || (/Macintosh/i.test(userAgent) && maxTouchPoints > 1)) return 'tablet';
  if (/Android/i.test(userAgent)) return /Mobile/i.test(userAgent) ? 'mobile' : 'tablet';
  if (/Mobi|iPhone|iPod|Windows Phone|Opera Mini/i.test(userAgent)) return 'mobile';
  return null;
}

/**
 * A computer with a battery that is discharging or not full is a laptop; anything else with a desktop User-Agent
 * is called a desktop (a plugged-in, fully charged laptop looks like one: it is a hint).
 */
export async function deviceTypeHint(nav: Navigator = navigator): Promise<DeviceTypeHint> {
  const fromAgent = deviceTypeFromUserAgent(nav.userAgent, nav.maxTouchPoints ?? 0);
  if (fromAgent) return fromAgent;
  const getBattery = (nav as Navigator & { getBattery?: () => Promise<BatteryLike> }).getBattery;
  if (typeof getBattery !== 'function') return 'desktop';
  try {
    const battery = await Promise.race([
      getBattery.call(nav),
      new Promise<null>((resolve) => setTimeout(() => resolve(null), 500)),
    ]);
    return battery && (!battery.charging || battery.level < 1) ? 'laptop' : 'desktop';
  } catch {
    return 'desktop';
  }
}
