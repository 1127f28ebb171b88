import { createContext, useContext } from 'react';
import type { ProviderApi } from './api-client';

export const ApiContext = createContext<ProviderApi | null>(null);

export function useApi(): ProviderApi {
  const api = useContext(ApiContext);
  if (!api) throw new Error('useApi needs the ProviderConsole around it');
  return api;
}
