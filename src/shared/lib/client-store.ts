import { createWatch, type Store } from 'effector';
import { useProvidedScope } from 'effector-react';
import { useCallback, useSyncExternalStore } from 'react';

/**
 * A value derived from a store that only this browser fills (a press not yet answered, the compare list kept in
 * storage), read so that hydration draws what the server drew. effector-react's hooks read the store's current value
 * while hydrating; a card that hydrates late (a deferred island below the fold) would then draw the browser's value
 * over the server's markup, and React never corrects a mismatched attribute. Here the server's value is `serverValue`
 * (the server never has the browser's state), so hydration matches, and React re-renders with the store's value right
 * after. `select` must return the same value for the same state (a primitive, or an object kept in the store).
 */
export function useClientStoreMap<State, Value>(store: Store<State>, select: (state: State) => Value, serverValue: Value): Value {
  // The app (and every test of a component) renders inside effector's Provider: the scope is the state.
  const scope = useProvidedScope();
  if (!scope) throw new Error('useClientStoreMap: no effector scope (the component is outside <Provider>)');
  const subscribe = useCallback((changed: () => void) => createWatch({ unit: store, fn: () => changed(), scope }), [store, scope]);
  return useSyncExternalStore(
    subscribe,
    () => select(scope.getState(store)),
    () => serverValue,
  );
}
