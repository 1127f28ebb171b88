import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { readSelectedCity } from '../../lib/storage';

export interface CityState {
  /** The chosen city's name, as stored under sessionStorage 'selectedCity' (spec §4). */
  selectedName: string;
}

export const citySlice = createSlice({
  name: 'city',
  initialState: (): CityState => ({ selectedName: readSelectedCity() }),
  reducers: {
    citySelected(state, action: PayloadAction<string>) {
      state.selectedName = action.payload;
    },
  },
  selectors: {
    selectSelectedCityName: (state) => state.selectedName,
  },
});

export const { citySelected } = citySlice.actions;
export const { selectSelectedCityName } = citySlice.selectors;
