/** Zod-free rules of compare and favourites' notes: the client imports them at run time. */

/** At most this many apartments side by side. */
export const COMPARE_MAX = 4;
/** A favourite's note, in characters. */
export const FAVOURITE_NOTE_MAX = 500;
