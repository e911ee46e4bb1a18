import { useSyncExternalStore } from 'react';
import { updateState, type UpdateState } from './update-state';

export function useUpdateState(): UpdateState {
  return useSyncExternalStore(updateState.subscribe, updateState.getSnapshot);
}
