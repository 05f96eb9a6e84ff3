/** What the sign-in keeps in its short-lived cookie between the redirect to the provider and the callback. */
export interface LoginState {
  state: string;
  verifier: string;
  returnTo: string;
  org?: string | undefined;
  /** A step-up or an enrolment: the new session keeps the one it replaces' absolute expiry. */
  reauth?: boolean | undefined;
}

/** Why an authorization is started for a live session besides a branch switch (ADR 030). */
export type Reauthorization = 'step-up' | 'enrol';
