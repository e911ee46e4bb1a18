import { useRouter } from '@tanstack/react-router';
import { useState, useSyncExternalStore } from 'react';
import { SignInFlow, type FlowState, type SignInServices } from './model/flow';
import { identityServices } from './services';

/**
 * One sign-in flow per visit of the sign-in page. When it completes, the
 * router is invalidated: the /login guard sees the new session and sends the
 * user on (to the requested page, or home).
 */
export function useSignInFlow(services?: SignInServices): { flow: SignInFlow; state: FlowState } {
  const router = useRouter();
  const [flow] = useState(() => new SignInFlow(services ?? identityServices(() => router.invalidate())));
  // The same snapshot on the server: the sign-in page is prerendered at build time (login.html).
  const state = useSyncExternalStore(flow.subscribe, flow.getSnapshot, flow.getSnapshot);
  return { flow, state };
}
