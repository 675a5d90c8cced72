import type { BottomButton, BottomButtonState } from '@platform';

/**
 * Who shows a bottom button: a page (AGENT, APART), the assistant's sheet over it, or what is on top of that (the
 * sheet's settings forms, a modal). A higher layer wins whatever the order of mounting.
 */
export type ButtonLayer = 'page' | 'sheet' | 'overlay';

const RANK: Record<ButtonLayer, number> = { page: 0, sheet: 1, overlay: 2 };

export interface ButtonClaim {
  update(state: BottomButtonState, onClick: () => void): void;
  release(): void;
}

const HIDDEN: BottomButtonState = { text: '', visible: false, enabled: false, progress: false };

interface Owner {
  layer: ButtonLayer;
  state: BottomButtonState;
  onClick: () => void;
}

/**
 * One native button, several screens that want it: the newest claim of the highest layer is shown and gets the
 * presses; when it is released the one below comes back (the settings drawer closes: AGENT's button returns).
 */
export function buttonOwners(button: BottomButton) {
  const owners: Owner[] = [];
  // Newest first in the list: among equals the first met is the newest.
  const top = () => owners.reduce<Owner | undefined>((best, o) => (best && RANK[best.layer] >= RANK[o.layer] ? best : o), undefined);
  const show = () => button.set(top()?.state ?? HIDDEN);
  button.onClick(() => {
    const owner = top();
    if (owner?.state.visible && owner.state.enabled && !owner.state.progress) owner.onClick();
  });
  return {
    claim(layer: ButtonLayer, state: BottomButtonState, onClick: () => void): ButtonClaim {
      const owner: Owner = { layer, state, onClick };
      owners.unshift(owner);
      show();
      return {
        update(next, click) {
          owner.state = next;
          owner.onClick = click;
          show();
        },
        release() {
          const at = owners.indexOf(owner);
          if (at < 0) return;
          owners.splice(at, 1);
          show();
        },
      };
    },
  };
}

const registry = new WeakMap<BottomButton, ReturnType<typeof buttonOwners>>();

/** The one owner list of a platform's button (every hook on that button shares it). */
export function ownersOf(button: BottomButton) {
  let owners = registry.get(button);
  if (!owners) {
    owners = buttonOwners(button);
    registry.set(button, owners);
  }
  return owners;
}

/**
 * A setting several parts of the app may hold at once (closing confirmation, swipes off): on while anyone holds it.
 * `apply(true)` on the first hold, `apply(false)` after the last release.
 */
export function sharedHold(apply: (held: boolean) => void) {
  let count = 0;
  return () => {
    count += 1;
    if (count === 1) apply(true);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      count -= 1;
      if (count === 0) apply(false);
    };
  };
}

const holds = new WeakMap<(value: boolean) => void, () => () => void>();

/** The one hold counter per platform setter. */
export function holdOf(setter: (value: boolean) => void, invert: boolean): () => () => void {
  let hold = holds.get(setter);
  if (!hold) {
    hold = sharedHold((held) => setter(invert ? !held : held));
    holds.set(setter, hold);
  }
  return hold;
}
