import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * A settings form's local copy of a stored value. Background reloads put new objects into the store; they replace
 * the copy only while the user has not edited it, so what is being typed is not wiped. The user's own successful
 * save (a new `saveCount`) makes the copy clean again and takes what was stored. The third value says whether the
 * copy holds edits not yet saved (Telegram then asks before the app is closed).
 */
export function useDraft<T>(stored: T, saveCount: number): [T, (update: (draft: T) => T) => void, boolean] {
  const [draft, setDraft] = useState(stored);
  const [dirty, setDirty] = useState(false);
  const dirtyRef = useRef(false);
  const seenSaves = useRef(saveCount);
  useEffect(() => {
    if (seenSaves.current !== saveCount) {
      seenSaves.current = saveCount;
      dirtyRef.current = false;
      setDirty(false);
    }
    if (!dirtyRef.current) setDraft(stored);
  }, [stored, saveCount]);
  const edit = useCallback((update: (draft: T) => T) => {
    dirtyRef.current = true;
    setDirty(true);
    setDraft(update);
  }, []);
  return [draft, edit, dirty];
}
