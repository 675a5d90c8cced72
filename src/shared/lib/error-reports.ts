type Reporter = (error: unknown) => void;

/** Errors reported before the tracker has loaded (it loads after the first screen); a few are enough to find a bug. */
const EARLY_LIMIT = 10;
const early: unknown[] = [];
let reporter: Reporter | null = null;

/**
 * An error the app caught itself (an error page, a part that failed to load) for the error tracker. Without a tracker
 * (no DSN) nothing leaves the page: the app never sets a reporter, and the few kept here are simply dropped.
 */
export function reportError(error: unknown): void {
  if (reporter) reporter(error);
  else if (early.length < EARLY_LIMIT) early.push(error);
}

/** The app's tracker (app/telemetry); what was reported before it loaded goes to it now. */
export function setErrorReporter(next: Reporter): void {
  reporter = next;
  for (const error of early.splice(0)) next(error);
}
