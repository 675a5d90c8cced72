// effector-react still imports the pre-React-18 shim of useSyncExternalStore; React 19 has the hook itself, so the
// build points the shim here (vite.shared.ts) and the first screen does not carry a second implementation.
import { useSyncExternalStore } from 'react';

export default { useSyncExternalStore };
