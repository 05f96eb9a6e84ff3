/**
 * Real time, read here and nowhere else (ADR 009): the default of the app's clock
 * (`BuildAppOptions.now`, decorated as `app.clock`), the clock of a script run by hand (the seed,
 * the build's database template) and the few times that belong to someone else's rules (the
 * OpenID provider library's lifetimes, a file's age on disk). Every rule of ours reads `app.clock`
 * or the `now` it is given, so that tests and the browser journeys can move it.
 */
export function realClock(): Date {
  return new Date();
}
