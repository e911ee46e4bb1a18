import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { UTC_CLOCK, type ClinicClock } from './time';

/**
 * The clock a screen's times are read on: the clinic of what it shows (a
 * visit's, a client's, the chosen clinic of the hub), set where the screen
 * knows it; around every signed-in screen, the person's own clinic. Only
 * outside any clinic (never on a signed-in screen) is it UTC.
 */
const ClockContext = createContext<ClinicClock>(UTC_CLOCK);

export function ClockProvider({ clock, children }: { clock: ClinicClock; children: ReactNode }) {
  return <ClockContext.Provider value={clock}>{children}</ClockContext.Provider>;
}

/** The clock of the screen being shown. */
export function useClock(): ClinicClock {
  return useContext(ClockContext);
}

/** The time now, moving on every `everyMs`, so "Waiting 5 min" and "5 min ago" stay true while a screen is open. */
export function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
