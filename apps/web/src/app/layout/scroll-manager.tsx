import { useEffect, useRef } from 'react';
import { useSelector } from 'react-redux';
import { useLocation } from 'react-router';
import { selectSelectedCityName } from '../../domain/city/city-slice';
import { prefersReducedMotion } from '../../lib/use-reduced-motion';

/**
 * spec §2: the page scrolls to the top on every location change, instantly, and smoothly when the
 * visitor changes city. An in-page anchor ('#trending') scrolls to its section instead.
 */
export function ScrollManager() {
  const location = useLocation();
  const cityName = useSelector(selectSelectedCityName);
  const previousCity = useRef(cityName);

  useEffect(() => {
    const target = location.hash ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null;
    if (target) target.scrollIntoView({ behavior: prefersReducedMotion() ? 'instant' : 'smooth' });
    else window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
    // location.key changes on every navigation, even to the same path.
  }, [location.key, location.hash]);

  useEffect(() => {
    if (previousCity.current === cityName) return;
    previousCity.current = cityName;
    window.scrollTo({ top: 0, left: 0, behavior: prefersReducedMotion() ? 'instant' : 'smooth' });
  }, [cityName]);

  return null;
}
