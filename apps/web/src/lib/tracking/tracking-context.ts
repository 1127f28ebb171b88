/** What the app tells the tracking engine about the visitor (spec §6 'Tracking identity'). */
export interface TrackingIdentity {
  id: number;
  role: 'user' | 'broker';
  /** The access token: sent as the bearer only with consent 'analytics'; the server takes the identity from it. */
  token: string;
}

export interface TrackingContext {
  /** The signed-in login tracking names: the stored user first, then the broker (spec §6); null for a guest. */
  identity(): TrackingIdentity | null;
  /** The city picked in the navbar, the server's fallback for the coarse city (with consent). */
  selectedCity(): string | null;
  /** Settles once the stored logins are readable (their decryption is asynchronous). */
  ready?: Promise<unknown>;
}
